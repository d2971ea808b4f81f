import { count, eq } from "drizzle-orm";
import { MFA_MESSAGES } from "#contract/auth/mfa-messages";
import { passkeys, profiles, totpFactors } from "../../../../db/schema";
import { assertRecentProof } from "../../../platform/auth-guard";
import type { Db } from "../../../platform/db";
import { AppError, conflict } from "../../../platform/errors";
import type { AuthUser } from "../../../platform/hono";

export type SecondFactors = { app: boolean; passkeys: number };

export async function secondFactorsOf(db: Db, userId: string): Promise<SecondFactors> {
  const [[app], [keys]] = await db.batch([
    db.select({ n: count() }).from(totpFactors).where(eq(totpFactors.userId, userId)),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
  ]);
  return { app: (app?.n ?? 0) > 0, passkeys: keys?.n ?? 0 };
}

/** "Has a second factor": a confirmed authenticator app or at least one passkey. */
export const hasSecondFactor = (factors: SecondFactors) => factors.app || factors.passkeys > 0;

/**
 * The one rule every change of second factors passes (decision 213): setting up or replacing an app,
 * adding, renaming or removing a passkey.
 * - With a second factor enrolled, the session must have proved one in the last 10 minutes: a password or
 *   a mailbox alone can then neither add a factor of its own nor take one away.
 * - Without one, the first factor may be added within 10 minutes of a sign-in; for an admin, only by a
 *   sign-in made since the account became an admin (no trust on first use: a session that predates the
 *   grant never enrols the admin's first factor).
 * Answers the account's factors as they were, for the caller's own checks.
 */
export async function assertMayChangeFactors(db: Db, user: AuthUser, now = new Date()): Promise<SecondFactors> {
  const factors = await secondFactorsOf(db, user.id);
  if (hasSecondFactor(factors)) {
    if (user.mfaTime <= 0) throw new AppError(403, "mfa_required", MFA_MESSAGES.proveFirst);
    assertRecentProof({ authTime: 0, mfaTime: user.mfaTime }, now);
    return factors;
  }
  assertRecentProof({ authTime: user.authTime, mfaTime: 0 }, now);
  if (user.role === "admin") {
    const [profile] = await db
      .select({ grantedAt: profiles.adminGrantedAt })
      .from(profiles)
      .where(eq(profiles.userId, user.id))
      .limit(1);
    // auth_time is in whole seconds; a grant in the same second as the sign-in counts as before it.
    const grantedAt = Math.floor(Date.parse(profile?.grantedAt ?? "") / 1000);
    if (!(user.authTime >= grantedAt)) throw new AppError(403, "reauth_required", MFA_MESSAGES.signInSinceGrant);
  }
  return factors;
}

/** Removing a passkey: the rule above, and an admin keeps at least one second factor (replace it first). */
export async function assertMayRemovePasskey(db: Db, user: AuthUser, now = new Date()) {
  const factors = await assertMayChangeFactors(db, user, now);
  const left = (factors.app ? 1 : 0) + factors.passkeys - 1;
  if (user.role === "admin" && left < 1) throw conflict(MFA_MESSAGES.lastSecondFactor, "last_second_factor");
}
