// Pure types of the ingestion API's answers: the web imports them, so nothing here may import runtime code.
import type { Counters } from "./types";

/** An ingestion_runs row as the API answers it (the spec's run record). */
export type RunRecord = {
  id: string;
  source_key: string;
  status: "running" | "completed" | "failed";
  error_message: string | null;
  started_at: string;
  finished_at: string | null;
  pages: number;
} & Counters;

/**
 * One source's outcome in a run answer (the spec's results item: source_key, success, error and
 * the counters). `pending` marks a queued run that had not finished when the answer was sent.
 */
export type RunResult = Omit<RunRecord, "id" | "status"> & {
  run_id: string | null;
  status: RunRecord["status"] | "disabled";
  success: boolean;
  error: string | null;
  pending?: boolean;
};

export type RunSummary = {
  successful: number;
  total_sources: number;
  total_events: number;
  total_inserted: number;
  total_updated: number;
};
