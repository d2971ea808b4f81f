import { and, eq, inArray, lt } from "drizzle-orm";
import { ingestionRuns } from "../../../db/schema";
import { type Db, newestFirst } from "../../platform/db";
import type { RunRecord, RunResult, RunSummary } from "./run-types";
import { COUNTER_KEYS, type Counters, emptyCounters } from "./types";

export type { RunRecord, RunResult, RunSummary };

type RunRow = typeof ingestionRuns.$inferSelect;

const COLUMN_OF: Record<keyof Counters, keyof RunRow> = {
  found: "found",
  mapped: "mapped",
  inserted: "inserted",
  updated: "updated",
  duplicate_unchanged: "duplicateUnchanged",
  skipped_past: "skippedPast",
  skipped_invalid_datetime: "skippedInvalidDatetime",
  skipped_missing_required: "skippedMissingRequired",
  failed_db_error: "failedDbError",
  geocoded_count: "geocodedCount",
  all_day_events: "allDayEvents",
};

export function toRunRecord(r: RunRow): RunRecord {
  const counters = Object.fromEntries(COUNTER_KEYS.map((k) => [k, r[COLUMN_OF[k]] as number])) as Counters;
  return {
    id: r.id,
    source_key: r.sourceKey,
    status: r.status,
    error_message: r.errorMessage,
    started_at: r.startedAt,
    finished_at: r.finishedAt,
    pages: r.pages,
    ...counters,
  };
}

export function toRunResult(r: RunRecord): RunResult {
  const { id, ...rest } = r;
  return {
    ...rest,
    run_id: id,
    success: r.status === "completed",
    error: r.status === "running" ? null : r.error_message,
    ...(r.status === "running" ? { pending: true } : {}),
  };
}

/** A source that was not run because it is disabled (no API key). */
export function disabledResult(sourceKey: string, reason: string, now: Date): RunResult {
  return {
    run_id: null,
    source_key: sourceKey,
    status: "disabled",
    success: false,
    error: reason,
    error_message: reason,
    started_at: now.toISOString(),
    finished_at: null,
    pages: 0,
    ...emptyCounters(),
  };
}

export function summarize(results: RunResult[]): RunSummary {
  return {
    successful: results.filter((r) => r.success).length,
    total_sources: new Set(results.map((r) => r.source_key)).size,
    total_events: results.reduce((n, r) => n + r.found, 0),
    total_inserted: results.reduce((n, r) => n + r.inserted, 0),
    total_updated: results.reduce((n, r) => n + r.updated, 0),
  };
}

const RUNS_PER_INSERT = 6;

/**
 * Queued runs exist as 'running' rows from the moment they are queued. Returns the ids actually
 * created: a run id that already exists (the daily run of a source, queued by an earlier tick)
 * is not created again.
 */
export async function createRuns(
  db: Db,
  runs: { id: string; sourceKey: string }[],
  startedAt: Date,
): Promise<Set<string>> {
  const created = new Set<string>();
  // drizzle binds every column (16 per row, defaults included): 6 rows stay under D1's 100.
  for (let i = 0; i < runs.length; i += RUNS_PER_INSERT) {
    const rows = await db
      .insert(ingestionRuns)
      .values(
        runs.slice(i, i + RUNS_PER_INSERT).map((r) => ({
          id: r.id,
          sourceKey: r.sourceKey,
          status: "running" as const,
          startedAt: startedAt.toISOString(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: ingestionRuns.id });
    for (const r of rows) created.add(r.id);
  }
  return created;
}

/** Runs whose queue message was lost for good would say 'running' forever; close them. */
export async function closeStaleRuns(db: Db, olderThan: Date): Promise<number> {
  const rows = await db
    .update(ingestionRuns)
    .set({ status: "failed", errorMessage: "The run did not finish.", finishedAt: new Date().toISOString() })
    .where(and(eq(ingestionRuns.status, "running"), lt(ingestionRuns.startedAt, olderThan.toISOString())))
    .returning({ id: ingestionRuns.id });
  return rows.length;
}

export async function finishRun(
  db: Db,
  id: string,
  result: { status: "completed" | "failed"; error: string | null; pages: number; counters: Counters },
): Promise<void> {
  const set: Partial<RunRow> = {
    status: result.status,
    errorMessage: result.error,
    finishedAt: new Date().toISOString(),
    pages: result.pages,
  };
  for (const k of COUNTER_KEYS) (set as Record<string, unknown>)[COLUMN_OF[k]] = result.counters[k];
  await db.update(ingestionRuns).set(set).where(eq(ingestionRuns.id, id));
}

export async function getRuns(db: Db, ids: string[]): Promise<RunRecord[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(ingestionRuns).where(inArray(ingestionRuns.id, ids));
  return rows.map(toRunRecord);
}

/** The spec's read: runs of the known sources, newest first, twice as many as there are sources. */
export async function recentRuns(db: Db, sourceKeys: string[], limit: number): Promise<RunRecord[]> {
  const rows = await db
    .select()
    .from(ingestionRuns)
    .where(inArray(ingestionRuns.sourceKey, sourceKeys))
    .orderBy(...newestFirst(ingestionRuns, ingestionRuns.startedAt))
    .limit(limit);
  return rows.map(toRunRecord);
}
