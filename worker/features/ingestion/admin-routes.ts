import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { usesFixtures } from "./fetcher";
import { awaitRuns, enqueueRuns } from "./jobs";
import { batchAnswer, runAnswer, runsAnswer, sourcesAnswer } from "./responses";
import { availability } from "./run-source";
import { disabledResult, type RunResult, recentRuns, summarize, toRunResult } from "./runs";
import { AUDUBON_BATCH, AUDUBON_KEY, findSource, PAGES_PER_RUN, SOURCE_KEYS, SOURCES } from "./sources";

/** How long a request waits for its queued runs before answering with what has finished. */
const WAIT_MS = { one: 45_000, all: 120_000, batch: 180_000 } as const;

const RUN_BODY_MESSAGE = "Send { run_all: true } or { source_key }";
/** One of two bodies, as the document says them (anyOf): every source, or one by its key. */
const runBody = z.union(
  [
    z.strictObject({ run_all: z.literal(true) }),
    z.strictObject({
      source_key: z
        .string({ error: RUN_BODY_MESSAGE })
        .trim()
        .min(1, RUN_BODY_MESSAGE)
        .max(100, RUN_BODY_MESSAGE)
        .regex(/\S/, RUN_BODY_MESSAGE),
    }),
  ],
  { error: RUN_BODY_MESSAGE },
);

const batchBody = z.object({
  total_batches: z.number().int().min(1).max(AUDUBON_BATCH.totalBatches).default(AUDUBON_BATCH.totalBatches),
  batch_size: z.number().int().min(1).max(PAGES_PER_RUN).default(AUDUBON_BATCH.batchSize),
});

const runsQuery = z.object({
  source_key: z.string().optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 100" })
    .int("limit must be a whole number from 1 to 100")
    .min(1, "limit must be a whole number from 1 to 100")
    .max(100, "limit must be a whole number from 1 to 100")
    .default(SOURCES.length * 2),
});

const unknownSource = errorAnswer("No source has this key");

/** Ingestion admin (mounted under /api/admin/ingestion, behind the one admin guard). */
export const ingestionAdminRoutes = createRouter()
  .get(
    "/sources",
    describeRoute({
      summary: "List the event sources with whether each can run and its latest run",
      responses: { 200: jsonAnswer(sourcesAnswer, "Every known source, in the registry's order") },
    }),
    async (c) => {
      const fixtures = usesFixtures(c.env);
      // The spec's read: latest runs of the known sources, twice as many as there are sources.
      const runs = await recentRuns(c.var.db, SOURCE_KEYS, SOURCES.length * 2);
      const sources = SOURCES.map((s) => {
        const state = availability(s, c.var.config, fixtures);
        return {
          key: s.key,
          name: s.name,
          description: s.description,
          type: s.type,
          url: s.url,
          enabled: state.enabled,
          disabled_reason: state.enabled ? null : state.reason,
          latest_run: runs.find((r) => r.source_key === s.key) ?? null,
        };
      });
      return c.json(answer(sourcesAnswer, { sources, fixtures }));
    },
  )
  .get(
    "/runs",
    describeRoute({
      summary: "List recent ingestion runs, newest first",
      responses: {
        200: jsonAnswer(runsAnswer, "The runs (of one source when source_key is given)"),
        404: unknownSource,
      },
    }),
    validate("query", runsQuery),
    async (c) => {
      const { source_key, limit } = c.req.valid("query");
      if (source_key && !findSource(source_key)) throw notFound(`Unknown source: ${source_key}`);
      const runs = await recentRuns(c.var.db, source_key ? [source_key] : SOURCE_KEYS, limit);
      return c.json(answer(runsAnswer, { runs }));
    },
  )
  .post(
    "/run",
    describeRoute({
      summary: "Run one source or all of them now and wait for the outcome",
      description:
        "Queues the runs and waits for them (up to 45 seconds for one source, 2 minutes for all); runs still " +
        "going when the answer is sent are marked `pending`. Disabled sources are answered as not run.",
      responses: {
        200: jsonAnswer(runAnswer, "Each source's outcome and a summary"),
        404: unknownSource,
      },
    }),
    validate("json", runBody),
    async (c) => {
      const body = c.req.valid("json");
      const now = new Date();
      const fixtures = usesFixtures(c.env);
      const key = "source_key" in body ? body.source_key : undefined;
      const chosen = key === undefined ? SOURCES : [findSource(key)];
      if (chosen.some((s) => !s)) throw notFound(`Unknown source: ${key}`);
      const results: RunResult[] = [];
      const runnable = [];
      for (const s of chosen) {
        if (!s) continue;
        const state = availability(s, c.var.config, fixtures);
        if (state.enabled) runnable.push(s);
        else results.push(disabledResult(s.key, state.reason, now));
      }
      const ids = await enqueueRuns(
        c.env,
        c.var.db,
        runnable.map((s) => ({ sourceKey: s.key, startPage: 0, pages: PAGES_PER_RUN })),
        now,
      );
      c.set("auditTarget", { table: "ingestion_runs", target: { runs: ids } });
      const finished = await awaitRuns(c.var.db, ids, key === undefined ? WAIT_MS.all : WAIT_MS.one);
      const all = [...finished.map(toRunResult), ...results];
      const order = new Map(SOURCE_KEYS.map((k, i) => [k, i]));
      all.sort((a, b) => (order.get(a.source_key) ?? 0) - (order.get(b.source_key) ?? 0));
      return c.json(answer(runAnswer, { results: all, summary: summarize(all) }));
    },
  )
  .post(
    "/audubon-batch",
    describeRoute({
      summary: "Read Audubon's listing in batches of pages and wait for the outcome",
      description:
        "Queues one run per batch and waits for them (up to 3 minutes); the totals count the finished, successful batches.",
      responses: { 200: jsonAnswer(batchAnswer, "The batches processed, their totals and each batch's outcome") },
    }),
    validate("json", batchBody),
    async (c) => {
      const { total_batches, batch_size } = c.req.valid("json");
      const ids = await enqueueRuns(
        c.env,
        c.var.db,
        Array.from({ length: total_batches }, (_, b) => ({
          sourceKey: AUDUBON_KEY,
          startPage: b * batch_size,
          pages: batch_size,
        })),
        new Date(),
      );
      const runs = (await awaitRuns(c.var.db, ids, WAIT_MS.batch)).map(toRunResult);
      const done = runs.filter((r) => r.success);
      return c.json(
        answer(batchAnswer, {
          batches_processed: done.length,
          totals: {
            inserted: done.reduce((n, r) => n + r.inserted, 0),
            updated: done.reduce((n, r) => n + r.updated, 0),
          },
          results: runs,
        }),
      );
    },
  );
