import type { Config } from "../../platform/config";
import type { D1Usage } from "../../platform/d1-limits";
import { createDb, type Db } from "../../platform/db";
import type { AppEnv } from "../../platform/env";
import { logJson } from "../../platform/log";
import { claimStep, commitStep, MAX_STEP_ATTEMPTS, readJob, releaseStep } from "./store";
import {
  EXPORT_PAGE_ROWS,
  EXPORT_PAGES_PER_STEP,
  type ExportMessage,
  type ExportPaging,
  type ExportProducers,
  exportMessageSchema,
} from "./types";

export type ExportDeps = {
  db: Db;
  bucket: R2Bucket;
  queue: Queue;
  paging: ExportPaging;
  now: () => Date;
  /** This invocation's D1 queries so far (counted where D1_LIMITS=enforce; 0 elsewhere). */
  usage: D1Usage;
};

export const exportPaging = (config: Pick<Config, "EXPORT_PAGE_ROWS" | "EXPORT_PAGES_PER_STEP">): ExportPaging => ({
  pageRows: config.EXPORT_PAGE_ROWS ?? EXPORT_PAGE_ROWS,
  pagesPerStep: config.EXPORT_PAGES_PER_STEP ?? EXPORT_PAGES_PER_STEP,
});

export const exportDepsFromEnv = (env: AppEnv, config: Config, usage: D1Usage): ExportDeps => ({
  db: createDb(env.DB),
  bucket: env.MEDIA,
  queue: env.EXPORT_QUEUE,
  paging: exportPaging(config),
  now: () => new Date(),
  usage,
});

/** The R2 prefix of a job's parts; nothing under exports/ is served by /media (its key pattern refuses it). */
export const exportPrefix = (jobId: string) => `exports/${jobId}/`;

/**
 * `done`: the step was committed (and the next one queued); `duplicate`: the step was already done, or
 * another invocation took it over, so this message changes nothing; `busy`: a live invocation holds the step
 * (the message is retried later, in case that invocation dies); `failed`: the job was given up.
 */
export type StepResult = "done" | "duplicate" | "busy" | "failed";

/** Runs one step of an export: claim, read a bounded number of pages, write one part to R2, commit. */
export async function runExportStep(
  deps: ExportDeps,
  producers: ExportProducers,
  message: ExportMessage,
): Promise<StepResult> {
  const lease = crypto.randomUUID();
  const job = await claimStep(deps.db, message.job, message.step, lease, deps.now());
  if (!job) {
    const current = await readJob(deps.db, message.job);
    return current?.status === "pending" && current.step === message.step ? "busy" : "duplicate";
  }
  if (job.attempts > MAX_STEP_ATTEMPTS) {
    await releaseStep(deps.db, job.id, lease, true, deps.now());
    logJson({ event: "export_failed", job: job.id, kind: job.kind, step: job.step }, "error");
    return "failed";
  }
  const producer = producers[job.kind];
  let key: string | null = null;
  try {
    const out = await producer.step({ db: deps.db, job, paging: deps.paging, now: deps.now() });
    // The lease is in the key: a part written by an invocation that then lost its lease is never listed.
    key = `${exportPrefix(job.id)}${String(job.step).padStart(6, "0")}-${lease}.${producer.extension}`;
    await deps.bucket.put(key, out.body, { httpMetadata: { contentType: producer.contentType } });
    // The commit is this invocation's last query: count it in the figures it records.
    const queries = deps.usage.queries + 1;
    const committed = await commitStep(
      deps.db,
      job,
      lease,
      { key, rows: out.rows, cursor: out.cursor, queries },
      deps.now(),
    );
    if (!committed) {
      await deps.bucket.delete(key);
      return "duplicate";
    }
    if (out.cursor !== null) await deps.queue.send({ job: job.id, step: job.step + 1 } satisfies ExportMessage);
    return "done";
  } catch (err) {
    await releaseStep(deps.db, job.id, lease, false, deps.now());
    if (key) await deps.bucket.delete(key);
    throw err;
  }
}

/** Seconds before a message whose step is held, or whose step failed, is delivered again. */
export const BUSY_RETRY_SECONDS = 60;
export const FAILED_RETRY_SECONDS = 15;

/** The export queue's consumer: one step per message (wrangler.toml delivers one message per invocation). */
export async function consumeExportBatch(
  batch: MessageBatch<unknown>,
  deps: ExportDeps,
  producers: ExportProducers,
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = exportMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      logJson({ event: "export_message_invalid", id: message.id }, "error");
      message.ack();
      continue;
    }
    try {
      const result = await runExportStep(deps, producers, parsed.data);
      if (result === "busy") message.retry({ delaySeconds: BUSY_RETRY_SECONDS });
      else message.ack();
    } catch (err) {
      logJson(
        { event: "export_step_error", job: parsed.data.job, step: parsed.data.step, error: String(err) },
        "error",
      );
      message.retry({ delaySeconds: FAILED_RETRY_SECONDS });
    }
  }
}
