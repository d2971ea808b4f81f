import { restartStalledFanouts } from "../features/email/campaigns";
import { emailDepsFromEnv } from "../features/email/consumer";
import { runWeeklySchedule } from "../features/email/waves";
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
  // Frequent tick: the weekly send's waves (09:00 on the send day in each subscriber's zone, with the
  // tick's scheduled time as "now") and the ingestion schedule. Each job is isolated so one failing
  // does not skip the others.
  const email = emailDepsFromEnv(env, { db, now: () => now });
  await runWeeklySchedule(email).catch((err) => console.error("scheduled: weekly sends", err));
  await restartStalledFanouts(email).catch((err) => console.error("scheduled: stalled fan-outs", err));
  await scheduleDailyIngestion(env, db, now).catch((err) => console.error("scheduled: daily ingestion", err));
}
