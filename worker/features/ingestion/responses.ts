import { z } from "zod";
import { COUNTER_KEYS, type CounterKey } from "./types";

/**
 * The answers of the ingestion admin routes (decision 179): the document's schemas and the handlers' types.
 * Server-only: run-types.ts names their shapes for the rest of the code (types only).
 */

/** A run's counters (the spec's ingestion_runs counts), one whole number each. */
const counters = Object.fromEntries(COUNTER_KEYS.map((k) => [k, z.number().int()])) as Record<CounterKey, z.ZodNumber>;

const runStatus = z.enum(["running", "completed", "failed"]);

/** An ingestion_runs row as the API answers it (the spec's run record). */
export const runRecordSchema = z.object({
  id: z.string(),
  source_key: z.string(),
  status: runStatus,
  error_message: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  pages: z.number().int(),
  ...counters,
});

/**
 * One source's outcome in a run answer (the spec's results item: source_key, success, error and
 * the counters). `pending` marks a queued run that had not finished when the answer was sent.
 */
export const runResultSchema = runRecordSchema.omit({ id: true, status: true }).extend({
  run_id: z.string().nullable().describe("Null for a source that was not run (disabled)"),
  status: z.enum([...runStatus.options, "disabled"]),
  success: z.boolean(),
  error: z.string().nullable(),
  pending: z.boolean().optional().describe("Present (true) when the run had not finished when the answer was sent"),
});

export const runSummarySchema = z.object({
  successful: z.number().int(),
  total_sources: z.number().int(),
  total_events: z.number().int(),
  total_inserted: z.number().int(),
  total_updated: z.number().int(),
});

export const sourcesAnswer = z.object({
  sources: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      description: z.string(),
      type: z.enum(["ics", "html", "api", "firecrawl"]),
      url: z.string(),
      enabled: z.boolean(),
      disabled_reason: z.string().nullable(),
      latest_run: runRecordSchema.nullable(),
    }),
  ),
  /** Sources are read from recorded fixtures (development), not the organisations' sites. */
  fixtures: z.boolean(),
});

export const runsAnswer = z.object({ runs: z.array(runRecordSchema) });

export const runAnswer = z.object({ results: z.array(runResultSchema), summary: runSummarySchema });

export const batchAnswer = z.object({
  batches_processed: z.number().int(),
  totals: z.object({ inserted: z.number().int(), updated: z.number().int() }),
  results: z.array(runResultSchema),
});
