import { eq } from "drizzle-orm";
import { AUTH_MESSAGES, type MeBody, passwordEqualsEmail, REAUTH_WINDOW_MINUTES } from "#contract/auth/schemas";
import { DEFAULT_LOCALE, type Locale, localizePath } from "#contract/i18n/locales";
import { provedRecently } from "#contract/platform/recent-proof";
import { profiles, users } from "../../../db/schema";
import { auditStatement, writeAudit } from "../../platform/audit";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { AppError, badRequest, notFound, tooManyRequests } from "../../platform/errors";
import type { AuthUser } from "../../platform/hono";
import { hashPassword, verifyPassword } from "../../platform/password";
import { siteFromConfig } from "../email/content";
import { sendAccountNotice } from "./account-notice";
import { clearPasswordAttempts, reservePasswordAttempt } from "./lockout";
import { memberLocale } from "./member-locale";
import { passwordChangedEmail } from "./password-changed-email";
import { checkNewPassword } from "./password-strength";
import { revokeOtherSessions } from "./sessions";

export async function readMe(db: Db, userId: string): Promise<MeBody> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      createdAt: users.createdAt,
      locale: users.locale,
      role: profiles.role,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound("Profile not found");
  return {
    user: {
      id: row.id,
      email: row.email,
      has_password: row.passwordHash !== null,
      created_at: row.createdAt,
      locale: row.locale,
    },
    profile: { role: row.role },
  };
}

/** The member's language (issue 46): every email to them is in it from now on. */
export async function setLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale, updatedAt: new Date().toISOString() }).where(eq(users.id, userId));
}

export type SetPasswordInput = { password: string; currentPassword?: string | undefined; ip: string | null };

type Deps = { db: Db; config: Config; kv: KVNamespace };

/** Attempts per account per 10 minutes at setting a password: each success hashes and sends an email. */
export const SET_PASSWORD_LIMIT = { limit: 10, windowSeconds: 600 } as const;

const signedInRecently = (user: AuthUser, now: Date) =>
  now.getTime() / 1000 - user.authTime <= REAUTH_WINDOW_MINUTES * 60;

/**
 * Sets or changes the signed-in user's password (decision 066). A password that exists is replaced
 * only with the current one, checked against the same per-account counter as sign-in, or right after a
 * magic-link sign-in (that is the reset path: the link proved the address). An account without a
 * password may set one within 10 minutes of signing in, so a stolen access token is not enough.
 * Every other session is ended and the owner is emailed.
 */
export async function setPassword({ db, config, kv }: Deps, user: AuthUser, input: SetPasswordInput, now = new Date()) {
  if (passwordEqualsEmail(input.password, user.email)) throw badRequest(AUTH_MESSAGES.passwordIsEmail);
  await checkNewPassword(config, input.password, user.email);
  const [current] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!current) throw notFound("Profile not found");

  if (current.passwordHash) {
    const resetByLink = user.authMethod === "magic_link" && signedInRecently(user, now);
    if (input.currentPassword === undefined || input.currentPassword === "") {
      if (!resetByLink) throw badRequest(AUTH_MESSAGES.currentPasswordRequired, "current_password_required");
    } else {
      await checkCurrentPassword(db, kv, user, input, current.passwordHash, now);
    }
  } else if (!provedRecently(user, now)) {
    throw new AppError(403, "reauth_required", AUTH_MESSAGES.reauthRequired);
  }

  const nowIso = now.toISOString();
  const hash = await hashPassword(input.password);
  // One transaction: a new password never stands while the sessions it ends are still open.
  await db.batch([
    db.update(users).set({ passwordHash: hash, updatedAt: nowIso }).where(eq(users.id, user.id)),
    revokeOtherSessions(db, user.id, user.sessionId, "password_changed"),
    auditStatement(db, {
      action: current.passwordHash ? "password_changed" : "password_set",
      userId: user.id,
      tableName: "users",
      ipAddress: input.ip,
      newValues: { timestamp: nowIso },
    }),
  ]);
  await notifyPasswordChanged(db, config, user.email, now);
}

/** The current password, reserved on the sign-in counter first: a wrong one is a failed attempt. */
async function checkCurrentPassword(
  db: Db,
  kv: KVNamespace,
  user: AuthUser,
  input: SetPasswordInput,
  passwordHash: string,
  now: Date,
) {
  const attempt = await reservePasswordAttempt(db, kv, user.email, input.ip, now);
  if (!attempt.ok) throw tooManyRequests(attempt.retryAfterSeconds, attempt.message);
  if (await verifyPassword(input.currentPassword ?? "", passwordHash)) {
    await clearPasswordAttempts(db, user.email, input.ip);
    return;
  }
  await writeAudit(db, {
    action: "auth_failure",
    userId: user.id,
    tableName: "users",
    ipAddress: input.ip,
    newValues: {
      email: user.email,
      reason: AUTH_MESSAGES.currentPasswordWrong,
      method: "password_change",
      timestamp: now.toISOString(),
    },
  });
  throw badRequest(AUTH_MESSAGES.currentPasswordWrong, "invalid_current_password");
}

async function notifyPasswordChanged(db: Db, config: Config, email: string, now: Date) {
  const locale = (await memberLocale(db, email)) ?? DEFAULT_LOCALE;
  const message = passwordChangedEmail({
    to: email,
    signInLink: new URL(localizePath("/auth", locale), config.siteOrigin).toString(),
    site: siteFromConfig(config),
    changedAt: now,
    locale,
  });
  await sendAccountNotice(db, config, message, `password-changed:${email}:${now.getTime()}`);
}
