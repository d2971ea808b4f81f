import { restartStalledFanouts } from "../features/email/campaigns";
import { emailDepsFromEnv } from "../features/email/consumer";
import { runWeeklySchedule } from "../features/email/waves";
import { pruneEventReminders, runReminderSchedule } from "../features/event-reminders/schedule";
import { deleteExpiredExports, restartStalledExports } from "../features/exports/sweep";
import { scheduleDailyIngestion } from "../features/ingestion/schedule";
import { checkErrorRate, pruneErrorCounts } from "../features/operations/error-rate";
import { LAST_TICK_KEY, writeOpsState } from "../features/operations/ops-state";
import { checkCampaigns, checkOverdueSends } from "../features/operations/send-checks";
import type { LedgerPruneJob } from "../features/retention/ledger-pages";
import { pruneExpiredRecords } from "../features/retention/prune";
import { cleanupOldData } from "../features/security/cleanup";
import { backfillManageTokens } from "../features/subscribers/manage-token-backfill";
import { deleteExpiredPending } from "../features/subscribers/reconfirm";
import { getConfig } from "../platform/config";
import { createDb } from "../platform/db";
import type { AppEnv } from "../platform/env";
import { runLoggedJob } from "../platform/log";
import { cleanupExpiredRows } from "./cleanup";

/** The daily clean-up cron from wrangler.toml; every other tick runs the frequent jobs. */
export const DAILY_CRON = "17 3 * * *";

export async function runScheduled(controller: ScheduledController, env: AppEnv): Promise<void> {
  const db = createDb(env.DB);
  const now = new Date(controller.scheduledTime);
  const started = Date.now();
  // Each job is isolated (and logged as one line) so one failing does not skip the others.
  let failures = 0;
  const job = <T>(name: string, fn: () => Promise<T>, counts?: (r: T) => Record<string, number>) =>
    runLoggedJob(name, fn, counts).catch(() => {
      failures++;
    });
  if (controller.cron === DAILY_CRON) {
    await job(
      "cleanup-expired-rows",
      () => cleanupExpiredRows(db, now),
      (r) => r,
    );
    await job(
      "cleanup-old-data",
      () => cleanupOldData(db, now),
      (r) => ({ count: r.count }),
    );
    await job("prune-error-counts", () => pruneErrorCounts(db, now));
    // Double opt-in (decision 182): signups never confirmed within 7 days are deleted.
    await job(
      "expire-pending-subscribers",
      () => deleteExpiredPending(db, now),
      (n) => ({ deleted: n }),
    );
    // Event reminders 30 days past their event (decision 253).
    await job(
      "prune-event-reminders",
      () => pruneEventReminders(db, now),
      (r) => r,
    );
    // Retention (decision 187): the ledger and per-event rows past their windows, in bounded batches.
    await job(
      "retention",
      () => pruneExpiredRecords(db, now, env.EMAIL_QUEUE as Queue<LedgerPruneJob>),
      (r) => r,
    );
  } else {
    // Frequent tick: the weekly send's waves (09:00 on the send day in each subscriber's zone, with
    // the tick's scheduled time as "now"), the ingestion schedule, then the checks that raise alerts.
    const email = emailDepsFromEnv(env, { db, now: () => now });
    const checks = { db, config: getConfig(env), now: () => now };
    await job(
      "weekly-sends",
      () => runWeeklySchedule(email),
      (r) => ({ started: r.length }),
    );
    await job(
      "stalled-fanouts",
      () => restartStalledFanouts(email),
      (n) => ({ restarted: n }),
    );
    // Event reminders (decision 253): notices for changed events, then the reminders due by this tick.
    await job(
      "event-reminders",
      () => runReminderSchedule({ db, queue: email.queue, siteZone: checks.config.SITE_TIMEZONE, now }),
      (r) => r,
    );
    await job(
      "daily-ingestion",
      () => scheduleDailyIngestion(env, db, now),
      (r) => r,
    );
    await job(
      "check-overdue-sends",
      () => checkOverdueSends(checks),
      (r) => r,
    );
    await job(
      "check-campaigns",
      () => checkCampaigns(checks),
      (r) => r,
    );
    // Manage tokens stored before migration 0025 get their hash and box (decision 214), a few pages a tick.
    await job(
      "manage-token-backfill",
      () => backfillManageTokens(db, getConfig(env).JWT_SECRET ?? ""),
      (r) => r,
    );
    // Background exports (decision 250): a job whose step went quiet is re-queued; files past their hour go.
    await job(
      "restart-stalled-exports",
      () => restartStalledExports(db, env.EXPORT_QUEUE, now),
      (n) => ({ restarted: n }),
    );
    await job(
      "delete-expired-exports",
      () => deleteExpiredExports(db, env.MEDIA, now),
      (r) => r,
    );
    await job(
      "check-error-rate",
      () => checkErrorRate(checks),
      (r) => r,
    );
  }
  // The status page's "last cron tick".
  await writeOpsState(
    db,
    LAST_TICK_KEY,
    {
      last_tick_at: now.toISOString(),
      cron: controller.cron,
      outcome: failures ? "error" : "ok",
      duration_ms: Date.now() - started,
    },
    now,
  ).catch((err) => console.error("scheduled: could not record the tick", err));
}
