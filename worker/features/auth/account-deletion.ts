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
import { auditStatement } from "../../platform/audit";
import type { Config } from "../../platform/config";
import { sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";
import { badRequest, conflict } from "../../platform/errors";
import type { AuthUser } from "../../platform/hono";
import { createMailProvider } from "../../platform/mail/provider";
import { siteFromConfig } from "../email/content";
import { deleteSubscriberByEmailStatements } from "../subscribers/data-deletion";
import { renderAccountDeletedEmail } from "./account-deleted-email";

/**
 * The stand-in for a deleted user's id and email in audit rows: stable (one person's rows stay
 * linkable for an investigation) and not reversible to the address.
 */
export const deletedUserRef = async (userId: string) =>
  `deleted:${(await sha256Hex(`deleted-user:${userId}`)).slice(0, 24)}`;

/**
 * Deletes a member's account (issue 16). The last-admin check and the profile delete are one
 * statement, so two admins deleting themselves at once cannot leave the site without one. Then, in
 * one transaction: every session and refresh token (signed out everywhere), completions, magic
 * links, the password throttle and the user row go; audit rows are re-pointed at a stable hash;
 * the same-email subscriber row is deleted and only its address's hash kept, so the address is not
 * added back and mailed by mistake (decision 187; before, it was only unsubscribed).
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

  const removed = await db.all<{ id: string }>(sql`
    DELETE FROM profiles WHERE user_id = ${user.id}
      AND (role <> 'admin' OR (SELECT count(*) FROM profiles WHERE role = 'admin') > 1)
    RETURNING id`);
  if (removed.length === 0) throw conflict(ACCOUNT_DELETION_MESSAGES.lastAdmin, "last_admin");

  const ref = await deletedUserRef(user.id);
  const nowIso = new Date().toISOString();
  const subscription = await deleteSubscriberByEmailStatements(db, email);
  const sessionIds = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
  await db.batch([
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
    auditStatement(db, {
      action: "account_deleted",
      userId: ref,
      tableName: "users",
      ipAddress: ip,
      newValues: { timestamp: nowIso },
    }),
  ]);

  // The account is gone either way; a failed confirmation email is logged, not an error.
  try {
    const rendered = renderAccountDeletedEmail(siteFromConfig(config), RETENTION_DAYS);
    const [result] = await createMailProvider(config, db).sendBatch([
      { to: email, ...rendered, stream: "account", idempotencyKey: `account-deleted:${user.id}` },
    ]);
    if (!result?.ok) console.error("account deletion: confirmation email refused", result);
  } catch (err) {
    console.error("account deletion: confirmation email failed", err);
  }
}
