import { count, eq, inArray, sql } from "drizzle-orm";
import { emailCampaigns, ingestionRuns } from "../../../db/schema";
import { BUILD } from "../../platform/build-info";
import type { Db } from "../../platform/db";
import { listCampaigns } from "../email/campaigns";
import { recentRuns } from "../ingestion/runs";
import { SOURCES } from "../ingestion/sources";
import { listAlerts } from "./alerts";
import { LAST_TICK_KEY, readOpsState } from "./ops-state";
import type { SourceHealth, SystemStatus } from "./schemas";

/** Runs read per source for its health line: enough to count a streak of failures. */
const RUNS_PER_SOURCE = 5;

/**
 * /admin/status: what the app itself can see. The queue backlog is read from our own rows (the
 * Queues API is not visible to the Worker): recipients without an outcome in running sends, and
 * ingestion runs still marked running. Counters come from the campaign rows, not the ledger.
 */
export async function readSystemStatus(db: Db): Promise<SystemStatus> {
  const keys = SOURCES.map((s) => s.key);
  const [cron, [weekly], [backlog], [running], runs, alerts] = await Promise.all([
    readOpsState<SystemStatus["cron"]>(db, LAST_TICK_KEY),
    listCampaigns(db, "weekly"),
    db
      .select({
        campaigns: count(),
        pending: sql<number>`coalesce(sum(max(0, ${emailCampaigns.totalRecipients} - ${emailCampaigns.sentCount} - ${emailCampaigns.failedCount} - ${emailCampaigns.skippedCount})), 0)`,
      })
      .from(emailCampaigns)
      .where(inArray(emailCampaigns.status, ["pending", "sending"])),
    db.select({ n: count() }).from(ingestionRuns).where(eq(ingestionRuns.status, "running")),
    recentRuns(db, keys, keys.length * RUNS_PER_SOURCE),
    listAlerts(db, { includeAcknowledged: false }),
  ]);
  const sources: SourceHealth[] = SOURCES.map((s) => {
    const own = runs.filter((r) => r.source_key === s.key);
    const finished = own.filter((r) => r.status !== "running");
    const streak = finished.findIndex((r) => r.status !== "failed");
    return {
      key: s.key,
      name: s.name,
      last_run_at: own[0]?.started_at ?? null,
      last_status: own[0]?.status ?? null,
      last_found: finished[0]?.found ?? null,
      consecutive_failures: streak === -1 ? finished.length : streak,
    };
  });
  return {
    build: BUILD,
    cron,
    weekly_send: weekly ?? null,
    backlog: {
      active_campaigns: backlog?.campaigns ?? 0,
      pending_deliveries: Number(backlog?.pending ?? 0),
      running_ingestion: running?.n ?? 0,
    },
    sources,
    alerts,
  };
}
