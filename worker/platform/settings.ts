import { eq } from "drizzle-orm";
import { settings } from "../../db/schema";
import type { Db } from "./db";

/** Where KV caches a settings record. */
export const settingsCacheKey = (key: string) => `settings:${key}`;
const CACHE_TTL_SECONDS = 300;

/**
 * Reads a settings record (JSON value), cached in KV. Returns null when the record does not exist.
 * KV errors fall back to D1 so a cache outage never breaks a page.
 */
export async function readSetting<T>(db: Db, kv: KVNamespace, key: string): Promise<T | null> {
  try {
    const cached = await kv.get<{ value: T }>(settingsCacheKey(key), "json");
    if (cached) return cached.value;
  } catch (err) {
    console.warn("settings: KV read failed", err);
  }
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  const value = (row?.value ?? null) as T | null;
  if (value !== null) {
    await kv
      .put(settingsCacheKey(key), JSON.stringify({ value }), { expirationTtl: CACHE_TTL_SECONDS })
      .catch(() => {});
  }
  return value;
}

/** Saves a settings record (update when it exists, else insert) and invalidates its cache. */
export async function writeSetting(db: Db, kv: KVNamespace, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date().toISOString() } });
  await kv.delete(settingsCacheKey(key)).catch((err) => console.warn("settings: KV invalidation failed", err));
}
