import { and, eq, isNull } from "drizzle-orm";
import { contactMessages } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { siteFromConfig } from "../email/content";
import { backoffSeconds, type EmailDeps } from "../email/jobs";
import { renderContactNotification } from "./notification";

export async function storeContactMessage(
  db: Db,
  input: { name: string; email: string; message?: string },
  ipAddress: string | null,
): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, message: input.message || null, ipAddress })
    .returning({ id: contactMessages.id });
  return (row as { id: string }).id;
}

/**
 * Emails a stored contact message to the team (CONTACT_TO, else REPLY_TO), with the visitor as
 * Reply-To. Runs from the email queue, so a provider outage delays it instead of losing it.
 */
export async function deliverContactNotification(
  deps: EmailDeps,
  messageId: string,
  attempts: number,
): Promise<{ retryAfterSeconds?: number }> {
  const [msg] = await deps.db.select().from(contactMessages).where(eq(contactMessages.id, messageId)).limit(1);
  if (!msg || msg.emailedAt) return {};
  const to = deps.config.CONTACT_TO ?? deps.config.REPLY_TO ?? deps.config.FROM_EMAIL;
  if (!to) {
    console.error("contact: no CONTACT_TO configured; message stored only", messageId);
    return {};
  }
  const rendered = renderContactNotification(siteFromConfig(deps.config), msg);
  let result: Awaited<ReturnType<typeof deps.provider.sendBatch>>[number] | undefined;
  try {
    [result] = await deps.provider.sendBatch([
      // To the team, not to a list: account mail (decision 181).
      { to, ...rendered, stream: "account", replyTo: msg.email, idempotencyKey: `contact:${msg.id}` },
    ]);
  } catch (err) {
    result = { ok: false, error: err instanceof Error ? err.message : String(err), retryable: true };
  }
  if (result?.ok) {
    await deps.db
      .update(contactMessages)
      .set({ emailedAt: deps.now().toISOString() })
      .where(and(eq(contactMessages.id, msg.id), isNull(contactMessages.emailedAt)));
    return {};
  }
  if (result?.retryable) return { retryAfterSeconds: result.retryAfterSeconds ?? backoffSeconds(attempts) };
  console.error("contact: notification rejected", msg.id, result?.error);
  return {};
}
