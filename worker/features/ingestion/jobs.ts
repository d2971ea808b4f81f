import { z } from "zod";
import { type Config, getConfig } from "../../platform/config";
import { createDb, type Db } from "../../platform/db";
import type { AppEnv } from "../../platform/env";
import { sourceFetch, usesFixtures } from "./fetcher";
import { runIntoRecord } from "./run-source";
import { createRuns, finishRun, getRuns, type RunRecord } from "./runs";
import { findSource } from "./sources";
import { emptyCounters } from "./types";

export const INGEST_QUEUE_NAME = "earthkind-ingest";

/** One queued run: a source, the pages to read, and the ingestion_runs row to write. */
export const ingestMessageSchema = z.object({
  kind: z.literal("run-source"),
  run_id: z.string().min(1),
  source_key: z.string().min(1),
  start_page: z.number().int().min(0),
  pages: z.number().int().min(1).max(50),
});
export type IngestMessage = z.infer<typeof ingestMessageSchema>;

export type RunRequest = { sourceKey: string; startPage: number; pages: number; runId?: string };

/** Queue at most this many messages per sendBatch call (the Queues limit). */
const SEND_BATCH_MAX = 100;

/**
 * Queues runs: each gets its ingestion_runs row ('running') first, so it is visible at once and
 * a redelivered message finds the row it belongs to. Returns the ids of the runs queued (a given
 * run id that already exists is skipped).
 */
export async function enqueueRuns(env: AppEnv, db: Db, requests: RunRequest[], now: Date): Promise<string[]> {
  const all = requests.map((r) => ({ ...r, runId: r.runId ?? crypto.randomUUID() }));
  const created = await createRuns(
    db,
    all.map((r) => ({ id: r.runId, sourceKey: r.sourceKey })),
    now,
  );
  const runs = all.filter((r) => created.has(r.runId));
  const messages = runs.map((r) => ({
    body: {
      kind: "run-source",
      run_id: r.runId,
      source_key: r.sourceKey,
      start_page: r.startPage,
      pages: r.pages,
    } satisfies IngestMessage,
  }));
  for (let i = 0; i < messages.length; i += SEND_BATCH_MAX) {
    await env.INGEST_QUEUE.sendBatch(messages.slice(i, i + SEND_BATCH_MAX));
  }
  return runs.map((r) => r.runId);
}

type IngestHookDeps = { db: Db; config: Config };

/**
 * What other features do as runs finish (operations alerts on dead letters and unhealthy sources).
 * The queue dispatcher (worker/jobs/queue.ts) wires them in, so ingestion does not import them.
 */
export type IngestHooks = {
  onDeadLetter?: (deps: IngestHookDeps, batch: MessageBatch<unknown>) => Promise<void>;
  /** After a read from a source's first page is recorded, successful or not. */
  onSourceRead?: (deps: IngestHookDeps, sourceKey: string) => Promise<void>;
};

/**
 * The INGEST_QUEUE consumer. A run already finished (a duplicate delivery) is acknowledged
 * without work; a source's own failure is recorded on its run and acknowledged (retrying a
 * broken feed helps no one); only infrastructure errors are retried. Messages that exhausted
 * their retries arrive from the dead-letter queue and close their run as failed.
 */
export async function consumeIngestBatch(
  batch: MessageBatch<unknown>,
  env: AppEnv,
  hooks: IngestHooks = {},
): Promise<void> {
  const db = createDb(env.DB);
  const config = getConfig(env);
  const deadLetter = batch.queue.endsWith("-dlq");
  if (deadLetter) await hooks.onDeadLetter?.({ db, config }, batch);
  for (const message of batch.messages) {
    const parsed = ingestMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("ingestion: dropping malformed message", message.body);
      message.ack();
      continue;
    }
    const job = parsed.data;
    try {
      const [run] = await getRuns(db, [job.run_id]);
      if (run && run.status !== "running") {
        message.ack();
        continue;
      }
      if (!run) await createRuns(db, [{ id: job.run_id, sourceKey: job.source_key }], new Date());
      const source = findSource(job.source_key);
      if (deadLetter || !source) {
        await finishRun(db, job.run_id, {
          status: "failed",
          error: source ? "The run did not complete after several attempts." : `Unknown source: ${job.source_key}`,
          pages: 0,
          counters: emptyCounters(),
        });
        if (source && job.start_page === 0) await hooks.onSourceRead?.({ db, config }, job.source_key);
        message.ack();
        continue;
      }
      await runIntoRecord(
        { db, config, fetch: sourceFetch(env, source), now: new Date(), fixtures: usesFixtures(env), media: env.MEDIA },
        job.run_id,
        source,
        { startPage: job.start_page, pages: job.pages },
      );
      // Only a read from the first page is the source's whole answer: a later window of a batched
      // read (Audubon) may rightly find nothing.
      if (job.start_page === 0) await hooks.onSourceRead?.({ db, config }, job.source_key);
      message.ack();
    } catch (err) {
      console.error(`ingestion: run ${job.run_id} (${job.source_key}) failed, will retry`, err);
      message.retry();
    }
  }
}

/**
 * Waits for queued runs to finish, polling their rows (cheap indexed reads; the waiting request
 * uses no CPU meanwhile). Runs still going at the deadline are returned as they are ('running').
 */
export async function awaitRuns(db: Db, ids: string[], timeoutMs: number, pollMs = 250): Promise<RunRecord[]> {
  const deadline = Date.now() + timeoutMs;
  let runs = await getRuns(db, ids);
  while (runs.some((r) => r.status === "running") && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    runs = await getRuns(db, ids);
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  return runs.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
