import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach } from "vitest";
import { settings } from "../../../db/schema";
import { createDb } from "../../../worker/platform/db";
import { settingsCacheKey, writeSetting } from "../../../worker/platform/settings";

/**
 * Global settings records (email settings, the petitions list) are shared by every test file. This
 * snapshots the named records before each test and puts them back after it, also when it fails, so a
 * test's changes never reach the next one.
 */
export function restoreSettingsAfterEach(...keys: string[]) {
  const db = () => createDb(env.DB);
  let saved = new Map<string, unknown>();
  beforeEach(async () => {
    const rows = await db().select().from(settings).where(inArray(settings.key, keys));
    saved = new Map(rows.map((r) => [r.key, r.value]));
  });
  afterEach(async () => {
    for (const key of keys) {
      if (saved.has(key)) {
        await writeSetting(db(), env.KV, key, saved.get(key));
      } else {
        await db().delete(settings).where(eq(settings.key, key));
        await env.KV.delete(settingsCacheKey(key));
      }
    }
  });
}
