export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Coarse fixed-window counter in KV, for per-IP limits where approximate is enough (KV is
 * eventually consistent and allows ~1 write/s per key). Exact security counters live in D1.
 * Fails open: if KV refuses a read or write, the request is allowed rather than turned into a 500.
 */
export async function checkRateLimit(
  kv: KVNamespace,
  key: string,
  limit: number,
  windowSeconds: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  const kvKey = `rl:${key}:${windowStart}`;
  const retryAfterSeconds = windowStart + windowSeconds - Math.floor(now / 1000);
  try {
    const count = Number((await kv.get(kvKey)) ?? "0");
    if (count >= limit) return { ok: false, retryAfterSeconds };
    // KV needs a TTL of at least 60 s.
    await kv.put(kvKey, String(count + 1), { expirationTtl: Math.max(60, windowSeconds * 2) });
  } catch (err) {
    console.warn("rate-limit: KV unavailable, allowing request", err);
  }
  return { ok: true };
}
