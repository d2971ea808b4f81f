import { dayInZone, localToUtc } from "#contract/platform/zoned-time";
import { getConfig } from "../../platform/config";
import type { Db } from "../../platform/db";
import type { AppEnv } from "../../platform/env";
import { usesFixtures } from "./fetcher";
import { enqueueRuns } from "./jobs";
import { availability } from "./run-source";
import { closeStaleRuns, getRuns } from "./runs";
import { PAGES_PER_RUN, SOURCES } from "./sources";

/** The daily slot in SITE_TIMEZONE: early morning, before visitors look for the weekend. */
export const DAILY_INGESTION_TIME = "04:00";
const STALE_RUN_HOURS = 6;

export const dailyRunId = (day: string, sourceKey: string) => `daily-${day}-${sourceKey}`;

/**
 * Called on every frequent cron tick. From the daily slot on, it queues today's run of every
 * enabled source once: the run ids are named after the day, so a later tick (or a tick that
 * fires twice) finds them and queues nothing. A missed tick is made up by the next one.
 */
export async function scheduleDailyIngestion(env: AppEnv, db: Db, now: Date): Promise<{ queued: number }> {
  const tz = getConfig(env).SITE_TIMEZONE;
  const today = dayInZone(now, tz);
  if (now.getTime() < localToUtc(today, DAILY_INGESTION_TIME, tz).getTime()) return { queued: 0 };
  const config = getConfig(env);
  const fixtures = usesFixtures(env);
  const enabled = SOURCES.filter((s) => availability(s, config, fixtures).enabled);
  const ids = enabled.map((s) => dailyRunId(today, s.key));
  const done = new Set((await getRuns(db, ids)).map((r) => r.id));
  const missing = enabled.filter((s) => !done.has(dailyRunId(today, s.key)));
  if (!missing.length) return { queued: 0 };
  await closeStaleRuns(db, new Date(now.getTime() - STALE_RUN_HOURS * 3_600_000));
  const queued = await enqueueRuns(
    env,
    db,
    missing.map((s) => ({ sourceKey: s.key, startPage: 0, pages: PAGES_PER_RUN, runId: dailyRunId(today, s.key) })),
    now,
  );
  return { queued: queued.length };
}
