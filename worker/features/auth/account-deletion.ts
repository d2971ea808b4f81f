import { and, eq, inArray, sql } from "drizzle-orm";
import { ACCOUNT_DELETION_MESSAGES } from "#contract/auth/my-data-schemas";
import { RETENTION_DAYS } from "#contract/security/schemas";
import {
  actionCompletions,
  magicLinkTokens,
  passwordThrottle,
  profileAuditLog,
  refreshTokens,
  securityAuditLog,
  sessions,
  users,
} from "../../../db/schema";
import type { Config } from "../../platform/config";
import { sha256Hex } from "../../platform/crypto";
import { d1Statement } from "../../platform/d1-statements";
import type { Db } from "../../platform/db";
import { badRequest, conflict } from "../../platform/errors";
import type { AuthUser } from "../../platform/hono";
import { createMailProvider } from "../../platform/mail/provider";
import { siteFromConfig } from "../email/content";
import { deleteSubscriberByEmailStatements } from "../subscribers/data-deletion";
import { renderAccountDeletedEmail } from "./account-deleted-email";
import { memberLocaleById } from "./member-locale";

/**
 * The stand-in for a deleted user's id and email in audit rows: stable (one person's rows stay
 * linkable for an investigation) and not reversible to the address.
 */
export const deletedUserRef = async (userId: string) =>
  `deleted:${(await sha256Hex(`deleted-user:${userId}`)).slice(0, 24)}`;

/**
 * Deletes a member's account (issue 16) in ONE batch, so a failure anywhere leaves the account whole
 * (decision 191). The profile goes first, unless it is the last admin's (one statement, so two admins
 * deleting themselves at once cannot leave the site without one); the audit row that follows asserts
 * it went: its key is NULL otherwise, the NOT NULL key refuses it, and the whole batch rolls back.
 * Then every session and refresh token (signed out everywhere), completions, magic links, the password
 * throttle and the user row go; audit rows are re-pointed at a stable hash; the same-email subscriber
 * row is deleted and only its address's hash kept, so the address is not added back and mailed by
 * mistake (decision 187).
 */
export async function deleteAccount(
  db: Db,
  config: Config,
  user: AuthUser,
  confirmEmail: string,
  ip: string | null,
): Promise<void> {
  const email = user.email.toLowerCase();
  if (confirmEmail !== email) throw badRequest(ACCOUNT_DELETION_MESSAGES.confirmMismatch, "confirm_mismatch");

  // Read before the row goes: the confirmation is in the member's language.
  const locale = await memberLocaleById(db, user.id);
  const ref = await deletedUserRef(user.id);
  const nowIso = new Date().toISOString();
  const subscription = await deleteSubscriberByEmailStatements(db, email);
  const sessionIds = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
  try {
    await db.$client.batch(
      [
        sql`DELETE FROM profiles WHERE user_id = ${user.id}
        AND (role <> 'admin' OR (SELECT count(*) FROM profiles WHERE role = 'admin') > 1)`,
        sql`INSERT INTO security_audit_log (id, user_id, action, table_name, ip_address, new_values)
        VALUES (CASE WHEN NOT EXISTS (SELECT 1 FROM profiles WHERE user_id = ${user.id}) THEN ${crypto.randomUUID()} END,
          ${ref}, 'account_deleted', 'users', ${ip}, json_object('timestamp', ${nowIso}))`,
        db.delete(refreshTokens).where(inArray(refreshTokens.sessionId, sessionIds)),
        db.delete(sessions).where(eq(sessions.userId, user.id)),
        db.delete(actionCompletions).where(eq(actionCompletions.userId, user.id)),
        db.delete(magicLinkTokens).where(eq(magicLinkTokens.email, email)),
        db.delete(passwordThrottle).where(eq(passwordThrottle.email, email)),
        db.delete(users).where(eq(users.id, user.id)),
        db
          .update(securityAuditLog)
          .set({
            userId: ref,
            newValues: sql`CASE WHEN json_extract(${securityAuditLog.newValues}, '$.email') IS NULL
            THEN ${securityAuditLog.newValues} ELSE json_set(${securityAuditLog.newValues}, '$.email', ${ref}) END`,
          })
          .where(eq(securityAuditLog.userId, user.id)),
        // Failed sign-ins carry the typed address but no user id.
        db
          .update(securityAuditLog)
          .set({ newValues: sql`json_set(${securityAuditLog.newValues}, '$.email', ${ref})` })
          .where(
            and(
              sql`${securityAuditLog.userId} IS NULL`,
              sql`json_extract(${securityAuditLog.newValues}, '$.email') = ${email}`,
            ),
          ),
        db.update(profileAuditLog).set({ userId: ref }).where(eq(profileAuditLog.userId, user.id)),
        db.update(profileAuditLog).set({ changedBy: ref }).where(eq(profileAuditLog.changedBy, user.id)),
        // The same-email subscription goes as "delete my subscription data" does: only the address's hash stays.
        ...subscription,
      ].map((q) => d1Statement(db, q)),
    );
  } catch (err) {
    if (await isLastAdmin(db, user.id)) throw conflict(ACCOUNT_DELETION_MESSAGES.lastAdmin, "last_admin");
    throw err;
  }

  // The account is gone either way; a failed confirmation email is logged, not an error.
  try {
    const rendered = renderAccountDeletedEmail(siteFromConfig(config), RETENTION_DAYS, locale);
    const [result] = await createMailProvider(config, db).sendBatch([
      { to: email, ...rendered, stream: "account", idempotencyKey: `account-deleted:${user.id}` },
    ]);
    if (!result?.ok) console.error("account deletion: confirmation email refused", result);
  } catch (err) {
    console.error("account deletion: confirmation email failed", err);
  }
}

/** Why a deletion's batch was refused: the profile is the only admin's. */
async function isLastAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.all<{ lastAdmin: number }>(sql`
    SELECT (role = 'admin' AND (SELECT count(*) FROM profiles WHERE role = 'admin') = 1) AS lastAdmin
    FROM profiles WHERE user_id = ${userId}`);
  return row?.lastAdmin === 1;
}
