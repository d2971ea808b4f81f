import { and, isNotNull, lt, or } from "drizzle-orm";
import { attemptLog, magicLinkTokens, passwordThrottle, rateLimitCounters } from "../../db/schema";
import type { Db } from "../platform/db";

/**
 * Expired or used sign-in links are useless after a day (refresh tokens and sessions are pruned in
 * bounded batches by the retention job, decision 191), as are password-failure counters that
 * have been quiet for a day (they reset after an hour anyway), and rate-limit counters whose window
 * has passed; keeping them only grows the tables.
 */
export async function cleanupExpiredRows(
  db: Db,
  now: Date,
): Promise<{ magicLinks: number; passwordThrottle: number; rateLimitCounters: number; attempts: number }> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const [links, throttles, counters, attempts] = await db.batch([
    db
      .delete(magicLinkTokens)
      .where(
        or(
          lt(magicLinkTokens.expiresAt, dayAgo),
          and(isNotNull(magicLinkTokens.usedAt), lt(magicLinkTokens.usedAt, dayAgo)),
        ),
      )
      .returning({ id: magicLinkTokens.id }),
    db.delete(passwordThrottle).where(lt(passwordThrottle.updatedAt, dayAgo)),
    db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now.toISOString())),
    // The longest sliding window is an hour (the per-address password limit).
    db.delete(attemptLog).where(lt(attemptLog.at, now.getTime() - 60 * 60 * 1000)),
  ]);
  return {
    magicLinks: links.length,
    passwordThrottle: throttles.meta.changes ?? 0,
    rateLimitCounters: counters.meta.changes ?? 0,
    attempts: attempts.meta.changes ?? 0,
  };
}
