// Pure types of the ingestion API's answers, named from their schemas (types only: nothing here is runtime code).
import type { z } from "zod";
import type { runRecordSchema, runResultSchema, runSummarySchema } from "./responses";

/** An ingestion_runs row as the API answers it (the spec's run record). */
export type RunRecord = z.output<typeof runRecordSchema>;

/**
 * One source's outcome in a run answer (the spec's results item: source_key, success, error and
 * the counters). `pending` marks a queued run that had not finished when the answer was sent.
 */
export type RunResult = z.output<typeof runResultSchema>;

export type RunSummary = z.output<typeof runSummarySchema>;
