import { and, eq, sql } from "drizzle-orm";
import { passwordThrottle } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { blockKey, cacheBlock, cachedBlock, reserveSlidingAttempt } from "../../platform/rate-limit";
import { clientSubject } from "../../platform/request";
import { formatWait } from "./throttle-messages";

/**
 * Growing back-off per (email, client) pair (decision 192; ARCHITECTURE.md §2: exact counters in D1).
 * The first few failures are free (typos); from then on each failure locks that client out of that
 * address for twice as long, up to an hour. A run of failures is forgotten after a quiet hour. The
 * lock is the pair's, not the address's: a stranger's guesses cannot lock the owner's own client out.
 * `reservePasswordAttempt` restates this curve in SQL (so the lock is set atomically with the count);
 * `lockSecondsAfter` is its reference.
 */
export const FREE_FAILURES = 4;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 3600;
const FAILURE_MEMORY_SECONDS = 3600;

/**
 * The wider per-address limit: attempts that got past their pair's lock, from every client together.
 * One client's back-off lets through at most about 7 attempts in 5 minutes, so one client can never
 * fill it; it slows a guess spread over many clients to this pace (magic-link sign-in stays open).
 * Both windows slide (decision 213): at most 10 in any 5 minutes, and 100 in any hour (ASVS 2.2.1).
 */
export const EMAIL_ATTEMPTS = { limit: 10, windowSeconds: 300 } as const;
export const EMAIL_ATTEMPTS_PER_HOUR = { limit: 100, windowSeconds: 3600 } as const;

export function lockSecondsAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** (failures - FREE_FAILURES - 1));
}

export const lockedMessage = (wait: number) =>
  `Too many failed sign-in attempts. Please try again ${formatWait(wait)}, or sign in with a magic link.`;

export const slowedMessage = (wait: number) =>
  `Too many sign-in attempts for this account. Please try again ${formatWait(wait)}, or sign in with a magic link.`;

export type PasswordAttempt = { ok: true } | { ok: false; retryAfterSeconds: number; cached: boolean; message: string };

/**
 * Reserves one password attempt for an (address, client) pair BEFORE the password is hashed: a single
 * upsert counts it, and when the new count reaches the lock threshold it sets the lock in the same
 * statement, assuming the attempt fails (a success deletes the row). The upsert's WHERE skips the
 * update while a lock is active, so a locked pair gets no row back and is refused. N parallel guesses
 * are therefore N reservations before any scrypt runs, and only the unlocked ones are evaluated.
 * Only then is the attempt counted against the address's wider limit, so refused guesses from a
 * locked client never use it up. Active locks are cached in KV, refused without touching D1.
 */
export async function reservePasswordAttempt(
  db: Db,
  kv: KVNamespace,
  email: string,
  ip: string | null,
  now = new Date(),
): Promise<PasswordAttempt> {
  const client = clientSubject(ip);
  const pairKey = await blockKey("password", `${email}|${client}`);
  const pairBlock = await cachedBlock(kv, pairKey, now.getTime());
  if (pairBlock) return refused(pairBlock.retryAfterSeconds, true, lockedMessage);
  const emailKey = await blockKey("password-email", email);
  const emailBlock = await cachedBlock(kv, emailKey, now.getTime());
  if (emailBlock) return refused(emailBlock.retryAfterSeconds, true, slowedMessage);

  const nowIso = now.toISOString();
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_SECONDS * 1000).toISOString();
  const reserved = await db.all<{ failures: number }>(sql`
    INSERT INTO password_throttle (email, client, failures, locked_until, updated_at)
    VALUES (${email}, ${client}, 1, NULL, ${nowIso})
    ON CONFLICT(email, client) DO UPDATE SET
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
  if (reserved.length === 0) {
    const [lock] = await db
      .select({ lockedUntil: passwordThrottle.lockedUntil })
      .from(passwordThrottle)
      .where(and(eq(passwordThrottle.email, email), eq(passwordThrottle.client, client)))
      .limit(1);
    const wait = Math.max(1, Math.ceil((Date.parse(lock?.lockedUntil ?? nowIso) - now.getTime()) / 1000));
    await cacheBlock(kv, pairKey, wait, "locked", now.getTime());
    return refused(wait, false, lockedMessage);
  }

  const wide = await reserveSlidingAttempt(
    db,
    `password-email:${email}`,
    [EMAIL_ATTEMPTS, EMAIL_ATTEMPTS_PER_HOUR],
    now.getTime(),
  );
  if (!wide.ok) {
    await cacheBlock(kv, emailKey, wide.retryAfterSeconds, "slowed", now.getTime());
    return refused(wide.retryAfterSeconds, false, slowedMessage);
  }
  return { ok: true };
}

const refused = (wait: number, cached: boolean, message: (wait: number) => string): PasswordAttempt => ({
  ok: false,
  retryAfterSeconds: wait,
  cached,
  message: message(wait),
});

/** A correct password ends this client's run of failures (and any lock its own reservation set). */
export const clearPasswordAttempts = (db: Db, email: string, ip: string | null) =>
  db
    .delete(passwordThrottle)
    .where(and(eq(passwordThrottle.email, email), eq(passwordThrottle.client, clientSubject(ip))));
