import { outboxMessages } from "../../../db/schema";
import type { Db } from "../db";
import { type ConnectionCheck, MailAdapter, type MailMessage, type Sender, type SendResult } from "./types";

/**
 * The local provider: stores each message in D1 for /dev/mailbox instead of sending it. The
 * idempotency key is a unique column, so a retried send stores the message once.
 */
export class OutboxProvider extends MailAdapter {
  readonly name = "outbox";
  readonly maxBatchSize = 100;
  /** A message stored under its idempotency key is never stored again: resending is safe. */
  readonly settlement = "same-key";

  constructor(
    private readonly db: Db,
    sender: Sender,
  ) {
    super(sender);
  }

  async sendBatch(messages: MailMessage[]): Promise<SendResult[]> {
    if (messages.length === 0) return [];
    const rows = messages.map((m) => {
      const { from, replyTo, headers } = this.envelope(m);
      return {
        id: crypto.randomUUID(),
        to: m.to,
        from,
        subject: m.subject,
        html: m.html,
        text: m.text,
        headers: { ...(replyTo ? { "Reply-To": replyTo } : {}), ...headers },
        idempotencyKey: m.idempotencyKey ?? null,
      };
    });
    // D1 allows 100 bound parameters per statement: 8 columns, so 12 rows per insert.
    const inserts = [];
    for (let i = 0; i < rows.length; i += 12) {
      inserts.push(
        this.db
          .insert(outboxMessages)
          .values(rows.slice(i, i + 12))
          .onConflictDoNothing(),
      );
    }
    await this.db.batch(inserts as [(typeof inserts)[0], ...typeof inserts]);
    return rows.map((r) => ({ ok: true, providerMessageId: r.id }));
  }

  /** Nothing remote to ask: the outbox is the local database, always reachable. */
  async checkConnection(): Promise<ConnectionCheck> {
    return { ok: true, details: "Local outbox: messages are stored for /dev/mailbox, not sent" };
  }
}
