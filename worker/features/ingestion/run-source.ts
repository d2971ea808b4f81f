import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { ADAPTERS } from "./adapters";
import { ICS_HORIZON_DAYS } from "./adapters/ics";
import { SourceError } from "./http";
import { TIMEOUT_MS } from "./limits";
import { cancelDropped } from "./listing-state";
import { storeDuePictures } from "./pictures";
import { processCandidates } from "./pipeline";
import { finishRun } from "./runs";
import { type Counters, emptyCounters, type SourceConfig, type SourceFetch } from "./types";

export type SourceAvailability = { enabled: true } | { enabled: false; reason: string };

/** API and crawl sources need their key; without it they are disabled, with a clear reason. */
export function availability(source: SourceConfig, config: Config, fixtures: boolean): SourceAvailability {
  if (!source.apiKeyVar || fixtures || config[source.apiKeyVar]) return { enabled: true };
  return { enabled: false, reason: `Disabled: set ${source.apiKeyVar} to enable this source.` };
}

export type RunDeps = {
  db: Db;
  config: Config;
  fetch: SourceFetch;
  now: Date;
  /** In fixture mode the fixture server ignores keys, so a placeholder stands in. */
  fixtures: boolean;
  /** Overrides the per-request time limit of the source's type (tests use a short one). */
  timeoutMs?: number;
  /** Where event pictures are stored; without it (benchmarks) pictures wait for a run that has it. */
  media?: R2Bucket;
};

export type SourceRunOutcome = {
  status: "completed" | "failed";
  error: string | null;
  pages: number;
  counters: Counters;
};

/**
 * Reads one source and stores its events. Never throws for a source's own failure (HTTP error,
 * timeout, unreadable feed): that becomes a failed outcome, so a failing source never stops the
 * others. Database outages do throw, so the queue retries the run.
 */
export async function ingestSource(
  deps: RunDeps,
  source: SourceConfig,
  window: { startPage: number; pages: number },
): Promise<SourceRunOutcome> {
  const available = availability(source, deps.config, deps.fixtures);
  if (!available.enabled) return { status: "failed", error: available.reason, pages: 0, counters: emptyCounters() };
  let read: Awaited<ReturnType<(typeof ADAPTERS)["ics"]>>;
  try {
    read = await ADAPTERS[source.type](source, {
      fetch: deps.fetch,
      now: deps.now,
      startPage: window.startPage,
      pages: window.pages,
      apiKey: source.apiKeyVar ? (deps.config[source.apiKeyVar] ?? (deps.fixtures ? "fixture" : undefined)) : undefined,
      timeoutMs: deps.timeoutMs ?? TIMEOUT_MS[source.type],
    });
  } catch (err) {
    if (!(err instanceof SourceError)) console.error(`ingestion ${source.key}: adapter crashed`, err);
    const message = err instanceof Error ? err.message : String(err);
    return { status: "failed", error: message, pages: 0, counters: emptyCounters() };
  }
  const counters = { ...(await processCandidates(deps.db, source, read.candidates, deps.now)), found: read.found };
  // Only a whole, readable answer that lists something says what the source dropped: an empty feed is more
  // likely broken than emptied, and a partial read proves nothing (decision 200).
  if (read.complete && !read.error && read.candidates.length > 0) {
    const until = new Date(deps.now.getTime() + ICS_HORIZON_DAYS * 86_400_000);
    const cancelled = await cancelDropped(deps.db, source.key, deps.now, until);
    if (cancelled) console.info(`ingestion ${source.key}: ${cancelled} upcoming events no longer listed, cancelled`);
  }
  // Pictures are fetched by the server, through the same bounded, public-only fetch (decision 201).
  if (deps.media) await storeDuePictures(deps.db, deps.media, deps.fetch);
  return {
    status: read.error ? "failed" : "completed",
    error: read.error ?? null,
    pages: read.pages,
    counters,
  };
}

/** Runs a source into an existing ingestion_runs row. */
export async function runIntoRecord(
  deps: RunDeps,
  runId: string,
  source: SourceConfig,
  window: { startPage: number; pages: number },
): Promise<SourceRunOutcome> {
  const outcome = await ingestSource(deps, source, window);
  await finishRun(deps.db, runId, outcome);
  return outcome;
}
