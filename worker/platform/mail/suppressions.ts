import { sql } from "drizzle-orm";
import type { Db } from "../db";
import type { MailMessage, MailProvider, SendOptions, SendResult } from "./types";

export const SUPPRESSED_ERROR = "address suppressed (bounce or complaint)";

const suppressedResult: SendResult = { ok: false, error: SUPPRESSED_ERROR, retryable: false, suppressed: true };

/** Which of these addresses are on the suppression list (stored case-folded). */
export async function suppressedAmong(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const folded = JSON.stringify([...new Set(emails.map((e) => e.trim().toLowerCase()))]);
  const rows = await db.all<{ email: string }>(
    sql`SELECT email FROM email_suppressions WHERE email IN (SELECT value FROM json_each(${folded}))`,
  );
  return new Set(rows.map((r) => r.email));
}

/** Marketing mail stops at the suppression list (unless it says otherwise); account mail never does. */
const obeysSuppression = (m: MailMessage) => m.stream === "marketing" && !m.evenIfSuppressed;

/**
 * Wraps a provider so no marketing message goes to a suppressed address, whichever feature sends it:
 * those messages answer a permanent failure marked `suppressed` (the ledger records it as such), the
 * rest go out in the same order. Account messages (sign-in links, password and account notices) are
 * passed on to suppressed addresses too (decision 181): the list records what the newsletter did, and
 * a hard-bounced mailbox may have been fixed since — the provider's answer is the outcome.
 */
export function withSuppressions(inner: MailProvider, db: Db): MailProvider {
  return {
    name: inner.name,
    maxBatchSize: inner.maxBatchSize,
    settlement: inner.settlement,
    checkConnection: () => inner.checkConnection(),
    ...(inner.findSent ? { findSent: inner.findSent.bind(inner) } : {}),
    async sendBatch(messages: MailMessage[], options?: SendOptions): Promise<SendResult[]> {
      const blocked = await suppressedAmong(
        db,
        messages.filter(obeysSuppression).map((m) => m.to),
      );
      if (blocked.size === 0) return inner.sendBatch(messages, options);
      const isBlocked = (m: MailMessage) => obeysSuppression(m) && blocked.has(m.to.trim().toLowerCase());
      const allowed = messages.filter((m) => !isBlocked(m));
      const sent = allowed.length > 0 ? await inner.sendBatch(allowed, options) : [];
      let next = 0;
      return messages.map((m) => (isBlocked(m) ? suppressedResult : (sent[next++] as SendResult)));
    },
  };
}
