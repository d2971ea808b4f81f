import { eq, sql } from "drizzle-orm";
import { passwordThrottle, profiles, users } from "../../../db/schema";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { AppError, tooManyRequests } from "../../platform/errors";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "../../platform/password";
import { auditStatement, writeAudit } from "../security/audit";
import { AUTH_MESSAGES } from "./schemas";
import { createSession, type IssuedSession } from "./sessions";
import { formatWait } from "./throttle-messages";

/**
 * Growing back-off per account (ARCHITECTURE.md §2: exact counters in D1). The first few failures
 * are free (typos); from then on each failure locks the address for twice as long, up to an hour.
 * A run of failures is forgotten after a quiet hour.
 */
export const FREE_FAILURES = 4;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 3600;
const FAILURE_MEMORY_SECONDS = 3600;

export function lockSecondsAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** (failures - FREE_FAILURES - 1));
}

type SignInInput = { email: string; password: string; ip: string | null };

export async function signInWithPassword(
  db: Db,
  config: Config,
  input: SignInInput,
  now = new Date(),
): Promise<IssuedSession> {
  const nowIso = now.toISOString();
  const [throttle] = await db
    .select({ lockedUntil: passwordThrottle.lockedUntil })
    .from(passwordThrottle)
    .where(eq(passwordThrottle.email, input.email))
    .limit(1);
  if (throttle?.lockedUntil && throttle.lockedUntil > nowIso) {
    const wait = (Date.parse(throttle.lockedUntil) - now.getTime()) / 1000;
    const message = `Too many failed sign-in attempts. Please try again ${formatWait(wait)}, or sign in with a magic link.`;
    await auditFailure(db, input, message, nowIso);
    throw tooManyRequests(wait, message);
  }

  const [account] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, input.email))
    .limit(1);

  // Unknown emails and magic-link-only accounts cost one scrypt too, so timing reveals nothing.
  let valid = false;
  if (account?.passwordHash) valid = await verifyPassword(input.password, account.passwordHash);
  else await burnPasswordCheck(input.password);

  if (!account || !valid) {
    await recordFailure(db, input.email, now);
    await auditFailure(db, input, AUTH_MESSAGES.invalidCredentials, nowIso);
    throw new AppError(401, "invalid_credentials", AUTH_MESSAGES.invalidCredentials);
  }

  const issued = await createSession(db, config, { id: account.id, email: account.email, role: account.role }, now);
  const rehash = account.passwordHash && needsRehash(account.passwordHash) ? await hashPassword(input.password) : null;
  await db.batch([
    db.delete(passwordThrottle).where(eq(passwordThrottle.email, input.email)),
    auditStatement(db, {
      action: "auth_success",
      userId: account.id,
      tableName: "sessions",
      ipAddress: input.ip,
      newValues: { method: "password", email: account.email, timestamp: nowIso },
    }),
    ...(rehash
      ? [db.update(users).set({ passwordHash: rehash, updatedAt: nowIso }).where(eq(users.id, account.id))]
      : []),
  ]);
  return issued;
}

/**
 * Counts the failure atomically (an upsert that increments) and sets the lock from the new count.
 * Unknown addresses are counted too, so lockouts do not reveal which accounts exist.
 */
async function recordFailure(db: Db, email: string, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_SECONDS * 1000).toISOString();
  const [row] = await db.all<{ failures: number }>(sql`
    INSERT INTO password_throttle (email, failures, locked_until, updated_at) VALUES (${email}, 1, NULL, ${nowIso})
    ON CONFLICT(email) DO UPDATE SET
      failures = CASE WHEN password_throttle.updated_at < ${forgetBefore} THEN 1 ELSE password_throttle.failures + 1 END,
      updated_at = excluded.updated_at
    RETURNING failures`);
  const lock = lockSecondsAfter(row?.failures ?? 1);
  if (lock > 0) {
    await db
      .update(passwordThrottle)
      .set({ lockedUntil: new Date(now.getTime() + lock * 1000).toISOString() })
      .where(eq(passwordThrottle.email, email));
  }
}

async function auditFailure(db: Db, input: SignInInput, reason: string, timestamp: string) {
  await writeAudit(db, {
    action: "auth_failure",
    userId: null,
    tableName: "sessions",
    ipAddress: input.ip,
    newValues: { email: input.email, reason, method: "password", timestamp },
  });
}
