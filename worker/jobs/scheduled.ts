import { restartStalledFanouts, runDueWeeklySends } from "../features/email/campaigns";
import { emailDepsFromEnv } from "../features/email/consumer";
import { scheduleDailyIngestion } from "../features/ingestion/schedule";
import { cleanupOldData } from "../features/security/cleanup";
import { createDb } from "../platform/db";
import type { AppEnv } from "../platform/env";
import { cleanupExpiredRows } from "./cleanup";

/** The daily clean-up cron from wrangler.toml; every other tick runs the frequent jobs. */
export const DAILY_CRON = "17 3 * * *";

export async function runScheduled(controller: ScheduledController, env: AppEnv): Promise<void> {
  const db = createDb(env.DB);
  const now = new Date(controller.scheduledTime);
  if (controller.cron === DAILY_CRON) {
    await cleanupExpiredRows(db, now);
    await cleanupOldData(db, now);
    return;
  }
  // Frequent tick: due weekly sends (09:00 SITE_TIMEZONE on the start date, DST-correct) and the
  // ingestion schedule. Each job is isolated so one failing does not skip the others.
  const email = emailDepsFromEnv(env, { db, now: () => now });
  await runDueWeeklySends(email).catch((err) => console.error("scheduled: weekly sends", err));
  await restartStalledFanouts(email).catch((err) => console.error("scheduled: stalled fan-outs", err));
  await scheduleDailyIngestion(env, db, now).catch((err) => console.error("scheduled: daily ingestion", err));
}
