import { desc, eq, sql } from "drizzle-orm";
import type { MyDataExport } from "#contract/auth/my-data-schemas";
import { profiles, sessions, subscribers, users } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { isoOf, personRows, statusText } from "../email/ledger-sql";

/** The audit actions that make up a person's sign-in history. */
const SIGN_IN_ACTIONS = [
  "auth_success",
  "auth_failure",
  "sign_out",
  "password_set",
  "password_changed",
  "refresh_token_reuse",
];
const HISTORY_LIMIT = 500;

/**
 * Everything held about a member: account, sessions, sign-in history (their audit rows, and failed
 * sign-ins made with their address), completions with notes, and the subscription with the same
 * email with what was sent to it.
 */
export async function exportMyData(db: Db, userId: string, now = new Date()): Promise<MyDataExport> {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      role: profiles.role,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw notFound("Profile not found");

  const actions = sql.join(
    SIGN_IN_ACTIONS.map((a) => sql`${a}`),
    sql`, `,
  );
  const [sessionRows, history, completions, [subscription]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        created_at: sessions.createdAt,
        revoked_at: sessions.revokedAt,
        revoked_reason: sessions.revokedReason,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db.all<{ action: string; method: string | null; ip_address: string | null; created_at: string }>(sql`
      SELECT action, json_extract(new_values, '$.method') AS method, ip_address, created_at
      FROM security_audit_log
      WHERE action IN (${actions})
        AND (user_id = ${userId} OR (user_id IS NULL AND json_extract(new_values, '$.email') = ${account.email}))
      ORDER BY created_at DESC LIMIT ${HISTORY_LIMIT}`),
    db.all<MyDataExport["completions"][number]>(sql`
      SELECT c.action_id, a.title AS action_title, c.completed_at, c.notes
      FROM action_completions c LEFT JOIN weekly_actions a ON a.id = c.action_id
      WHERE c.user_id = ${userId} ORDER BY c.completed_at DESC`),
    db.select().from(subscribers).where(eq(subscribers.email, account.email)).limit(1),
  ]);

  const emailsReceived = subscription
    ? await db.all<NonNullable<MyDataExport["subscription"]>["emails_received"][number]>(sql`
        SELECT c.kind AS campaign_kind, a.title AS action_title, ${sql.raw(statusText("l"))} AS status,
          ${sql.raw(isoOf("l.at"))} AS at
        FROM ${personRows(subscription.id)} ORDER BY l.at DESC, c.seq DESC`)
    : [];

  return {
    exported_at: now.toISOString(),
    profile: {
      id: account.id,
      email: account.email,
      role: account.role,
      has_password: account.passwordHash !== null,
      email_verified_at: account.emailVerifiedAt,
      created_at: account.createdAt,
    },
    sessions: sessionRows,
    sign_in_history: history,
    completions,
    subscription: subscription
      ? {
          first_name: subscription.firstName,
          email: subscription.email,
          zip_code: subscription.zipCode,
          active: subscription.active,
          subscribed_at: subscription.subscribedAt,
          unsubscribed_at: subscription.unsubscribedAt,
          // Double opt-in (decision 182): when and from where the subscription was confirmed (null while
          // pending; no IP or user agent for subscriptions from before confirmations were recorded).
          consent: {
            confirmed_at: subscription.confirmedAt,
            ip_address: subscription.consentIp,
            user_agent: subscription.consentUserAgent,
          },
          emails_received: emailsReceived,
        }
      : null,
  };
}
