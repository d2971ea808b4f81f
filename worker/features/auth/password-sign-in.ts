import { eq, sql } from "drizzle-orm";
import { AUTH_MESSAGES } from "#contract/auth/schemas";
import { passwordThrottle, profiles, users } from "../../../db/schema";
import { auditStatement, writeAudit } from "../../platform/audit";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { AppError, tooManyRequests } from "../../platform/errors";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "../../platform/password";
import { blockKey, cacheBlock, cachedBlock } from "../../platform/rate-limit";
import { createSession, type IssuedSession } from "./sessions";
import { formatWait } from "./throttle-messages";

/**
 * Growing back-off per account (ARCHITECTURE.md §2: exact counters in D1). The first few failures
 * are free (typos); from then on each failure locks the address for twice as long, up to an hour.
 * A run of failures is forgotten after a quiet hour. `reservePasswordAttempt` restates this curve
 * in SQL (so the lock is set atomically with the count); `lockSecondsAfter` is its reference.
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

export const lockedMessage = (wait: number) =>
  `Too many failed sign-in attempts. Please try again ${formatWait(wait)}, or sign in with a magic link.`;

export type PasswordAttempt = { ok: true } | { ok: false; retryAfterSeconds: number; cached: boolean };

/**
 * Reserves one password attempt for an address BEFORE the password is hashed: a single upsert counts
 * it, and when the new count reaches the lock threshold it sets the lock in the same statement,
 * assuming the attempt fails (a success deletes the row). The upsert's WHERE skips the update while
 * a lock is active, so a locked address gets no row back and is refused. N parallel guesses are
 * therefore N reservations before any scrypt runs, and only the unlocked ones are evaluated.
 * Active locks are cached in KV so later attempts are refused without touching D1.
 */
export async function reservePasswordAttempt(
  db: Db,
  kv: KVNamespace,
  email: string,
  now = new Date(),
): Promise<PasswordAttempt> {
  const cacheKey = await blockKey("password", email);
  const cached = await cachedBlock(kv, cacheKey, now.getTime());
  if (cached !== null) return { ok: false, retryAfterSeconds: cached.retryAfterSeconds, cached: true };

  const nowIso = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_SECONDS * 1000).toISOString();
  const reserved = await db.all<{ failures: number }>(sql`
    INSERT INTO password_throttle (email, failures, locked_until, updated_at) VALUES (${email}, 1, NULL, ${nowIso})
    ON CONFLICT(email) DO UPDATE SET
      failures = CASE WHEN password_throttle.updated_at < ${forgetBefore} THEN 1
                      ELSE password_throttle.failures + 1 END,
      locked_until = CASE
        WHEN password_throttle.updated_at < ${forgetBefore} OR password_throttle.failures + 1 <= ${FREE_FAILURES} THEN NULL
        ELSE strftime('%Y-%m-%dT%H:%M:%fZ', ${nowIso}, '+' || min(${MAX_LOCK_SECONDS},
               ${FIRST_LOCK_SECONDS} << min(password_throttle.failures - ${FREE_FAILURES}, 7)) || ' seconds')
        END,
      updated_at = excluded.updated_at
    WHERE password_throttle.locked_until IS NULL OR password_throttle.locked_until <= ${nowIso}
    RETURNING failures`);
  if (reserved.length > 0) return { ok: true };

  const [lock] = await db
    .select({ lockedUntil: passwordThrottle.lockedUntil })
    .from(passwordThrottle)
    .where(eq(passwordThrottle.email, email))
    .limit(1);
  const wait = Math.max(1, Math.ceil((Date.parse(lock?.lockedUntil ?? nowIso) - now.getTime()) / 1000));
  await cacheBlock(kv, cacheKey, wait, "locked", now.getTime());
  return { ok: false, retryAfterSeconds: wait, cached: false };
}

/** A correct password ends the run of failures (and any lock its own reservation set). */
export const clearPasswordAttempts = (db: Db, email: string) =>
  db.delete(passwordThrottle).where(eq(passwordThrottle.email, email));

export async function signInWithPassword(
  db: Db,
  config: Config,
  kv: KVNamespace,
  input: SignInInput,
  now = new Date(),
): Promise<IssuedSession> {
  const nowIso = now.toISOString();
  const attempt = await reservePasswordAttempt(db, kv, input.email, now);
  if (!attempt.ok) {
    const message = lockedMessage(attempt.retryAfterSeconds);
    // Refusals served from the KV cache do not touch D1, so only the first ones are audited.
    if (!attempt.cached) await auditFailure(db, input, message, nowIso);
    throw tooManyRequests(attempt.retryAfterSeconds, message);
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
    // The failure was already counted by the reservation.
    await auditFailure(db, input, AUTH_MESSAGES.invalidCredentials, nowIso);
    throw new AppError(401, "invalid_credentials", AUTH_MESSAGES.invalidCredentials);
  }

  const issued = await createSession(
    db,
    config,
    { id: account.id, email: account.email, role: account.role },
    "password",
    now,
  );
  const rehash = account.passwordHash && needsRehash(account.passwordHash) ? await hashPassword(input.password) : null;
  await db.batch([
    clearPasswordAttempts(db, input.email),
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

async function auditFailure(db: Db, input: SignInInput, reason: string, timestamp: string) {
  await writeAudit(db, {
    action: "auth_failure",
    userId: null,
    tableName: "sessions",
    ipAddress: input.ip,
    newValues: { email: input.email, reason, method: "password", timestamp },
  });
}
