import { sql } from "drizzle-orm";
import { sha256Hex } from "./crypto";
import { d1Statement } from "./d1-statements";
import type { Db } from "./db";
import { AppError, tooManyRequests } from "./errors";
import { clientSubject } from "./request";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The binding's window (wrangler.toml `[[ratelimits]]`): a refused client may retry after at most this. */
export const BINDING_PERIOD_SECONDS = 60;

/** Auth endpoints refuse rather than run unlimited when their limiter cannot answer. */
export const limiterUnavailable = () =>
  new AppError(503, "limiter_unavailable", "We couldn't check this request right now. Please try again in a moment.");

/**
 * Per-client limit through the Workers Rate Limiting binding: one atomic increment per call at the
 * edge, keyed by scope and the client's IPv4 address or IPv6 /64. `failClosed` turns a limiter
 * error into a 503 (auth); otherwise the request is let through and the error logged.
 */
export async function limitPerClient(
  binding: RateLimit,
  scope: string,
  ip: string | null,
  { failClosed }: { failClosed: boolean },
): Promise<RateLimitResult> {
  try {
    const { success } = await binding.limit({ key: `${scope}:${clientSubject(ip)}` });
    return success ? { ok: true } : { ok: false, retryAfterSeconds: BINDING_PERIOD_SECONDS };
  } catch (err) {
    if (failClosed) throw limiterUnavailable();
    console.warn("rate-limit: binding unavailable, allowing request", scope, err);
    return { ok: true };
  }
}

/**
 * Reserves one attempt in an exact fixed-window counter in D1 and says whether it is within the
 * limit. The single upsert counts before the caller does its work, so N parallel requests are N
 * attempts before any of them is evaluated (a read-then-write would let them all through).
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  const windowEnd = windowStart + windowSeconds;
  const [row] = await db.all<{ count: number }>(sql`
    INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
    VALUES (${key}, ${windowStart}, 1, ${new Date(windowEnd * 1000).toISOString()})
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN excluded.window_start > rate_limit_counters.window_start
                   THEN 1 ELSE rate_limit_counters.count + 1 END,
      window_start = max(rate_limit_counters.window_start, excluded.window_start),
      expires_at = max(rate_limit_counters.expires_at, excluded.expires_at)
    RETURNING count`);
  if (!row) throw new Error("rate-limit counter upsert returned no row");
  return row.count <= limit ? { ok: true } : { ok: false, retryAfterSeconds: windowEnd - nowSeconds };
}

export type SlidingWindow = { limit: number; windowSeconds: number };

/**
 * Reserves one attempt under every sliding window at once, or none: a single INSERT … SELECT counts each
 * window's attempts and adds the row only while all are under their limit. D1 runs statements one at a
 * time, so no burst passes a limit, whether it comes at once or spans the turn of a clock window (a fixed
 * window lets twice its limit through there). A refusal says when the oldest attempt of the full window
 * leaves it. The key's attempts older than the longest window go in the same round trip.
 */
export async function reserveSlidingAttempt(
  db: Db,
  key: string,
  windows: readonly SlidingWindow[],
  now = Date.now(),
): Promise<RateLimitResult> {
  const under = windows.map(
    (w) =>
      sql`(SELECT count(*) FROM attempt_log WHERE key = ${key} AND at > ${now - w.windowSeconds * 1000}) < ${w.limit}`,
  );
  const longest = Math.max(...windows.map((w) => w.windowSeconds)) * 1000;
  const [reserved] = await db.$client.batch([
    d1Statement(
      db,
      sql`INSERT INTO attempt_log (key, at) SELECT ${key}, ${now} WHERE ${sql.join(under, sql` AND `)} RETURNING at`,
    ),
    d1Statement(db, sql`DELETE FROM attempt_log WHERE key = ${key} AND at <= ${now - longest}`),
  ]);
  if ((reserved?.results.length ?? 0) > 0) return { ok: true };
  let wait = 1;
  for (const w of windows) {
    const [row] = await db.all<{ n: number; oldest: number }>(
      sql`SELECT count(*) AS n, min(at) AS oldest FROM attempt_log WHERE key = ${key} AND at > ${now - w.windowSeconds * 1000}`,
    );
    if (row && row.n >= w.limit) wait = Math.max(wait, Math.ceil((row.oldest + w.windowSeconds * 1000 - now) / 1000));
  }
  return { ok: false, retryAfterSeconds: wait };
}

/**
 * KV is only the edge cache of blocks the exact counters already decided: once a subject is over
 * its limit, `cacheBlock` stores when the block ends, and `cachedBlock` lets later requests be
 * refused without touching D1. Eventual consistency is fine here: a missed cache entry only means
 * the request is counted (and refused) by D1. Keys hash the subject, so KV holds no addresses.
 */
export async function blockKey(scope: string, subject: string): Promise<string> {
  return `block:${scope}:${await sha256Hex(subject)}`;
}

export type CachedBlock = { retryAfterSeconds: number; reason: string };

/** The active cached block (seconds left and why), or null (no block, or KV unavailable: D1 decides). */
export async function cachedBlock(kv: KVNamespace, key: string, now = Date.now()): Promise<CachedBlock | null> {
  try {
    const value = await kv.get(key);
    if (!value) return null;
    const [untilText = "", reason = ""] = value.split("|", 2);
    const until = Number(untilText);
    return Number.isFinite(until) && until > now
      ? { retryAfterSeconds: Math.ceil((until - now) / 1000), reason }
      : null;
  } catch (err) {
    console.warn("rate-limit: KV block cache unavailable", err);
    return null;
  }
}

export async function cacheBlock(
  kv: KVNamespace,
  key: string,
  retryAfterSeconds: number,
  reason = "",
  now = Date.now(),
) {
  try {
    // KV refuses TTLs under 60 s; the stored end time is what counts.
    await kv.put(key, `${now + retryAfterSeconds * 1000}|${reason}`, {
      expirationTtl: Math.max(60, Math.ceil(retryAfterSeconds)),
    });
  } catch (err) {
    console.warn("rate-limit: could not cache a block in KV", err);
  }
}

type AccountLimit = {
  scope: string;
  subject: string;
  limit: number;
  windowSeconds: number;
  message: (retryAfterSeconds: number) => string;
};

/** An exact per-account limit: refused from the KV block cache if blocked, else reserved in D1. */
export async function enforceAccountLimit(db: Db, kv: KVNamespace, spec: AccountLimit, now = Date.now()) {
  const key = await blockKey(spec.scope, spec.subject);
  const cached = await cachedBlock(kv, key, now);
  if (cached !== null) throw tooManyRequests(cached.retryAfterSeconds, spec.message(cached.retryAfterSeconds));
  const result = await reserveAttempt(db, `${spec.scope}:${spec.subject}`, spec.limit, spec.windowSeconds, now);
  if (!result.ok) {
    await cacheBlock(kv, key, result.retryAfterSeconds, "", now);
    throw tooManyRequests(result.retryAfterSeconds, spec.message(result.retryAfterSeconds));
  }
}
