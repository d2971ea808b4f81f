import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localToUtc } from "#contract/platform/zoned-time";
import { ingestionRuns } from "../../db/schema";
import { createApp } from "../../worker/app";
import { awaitRuns, consumeIngestBatch, type IngestMessage } from "../../worker/features/ingestion/jobs";
import type { RunResult, RunSummary } from "../../worker/features/ingestion/runs";
import { dailyRunId } from "../../worker/features/ingestion/schedule";
import { SOURCES } from "../../worker/features/ingestion/sources";
import { runScheduled } from "../../worker/jobs/scheduled";
import sierraIcs from "../fixtures/ingestion/sierra-club-chapter.ics?raw";
import { adminHeaders, api, db, memberHeaders } from "./helpers";
import { outcomes } from "./ingestion-helpers";

type RunAnswer = { results: RunResult[]; summary: RunSummary };
const post = async (path: string, json: unknown) =>
  api(`/api/admin/ingestion${path}`, { method: "POST", json, headers: await adminHeaders() });

afterEach(() => vi.restoreAllMocks());

describe("ingestion admin API", () => {
  it("is admin-only", async () => {
    expect((await api("/api/admin/ingestion/sources")).status).toBe(401);
    expect((await api("/api/admin/ingestion/sources", { headers: await memberHeaders() })).status).toBe(403);
  });

  it("lists the 15 sources with their type and latest run", async () => {
    const res = await api("/api/admin/ingestion/sources", { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    const { sources, fixtures } = (await res.json()) as {
      sources: { key: string; type: string; url: string; enabled: boolean; latest_run: unknown }[];
      fixtures: boolean;
    };
    expect(fixtures).toBe(true);
    expect(sources).toHaveLength(15);
    const byType = (t: string) => sources.filter((s) => s.type === t).length;
    expect([byType("ics"), byType("html"), byType("api"), byType("firecrawl")]).toEqual([10, 3, 1, 1]);
    expect(sources.every((s) => s.url.startsWith("https://") && s.enabled && "latest_run" in s)).toBe(true);
  });

  it("runs one source through the queue and answers the results and the summary", async () => {
    const res = await post("/run", { source_key: "surfrider-sf" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RunAnswer;
    expect(body.results).toHaveLength(1);
    const [result] = body.results;
    expect(result).toMatchObject({
      source_key: "surfrider-sf",
      success: true,
      error: null,
      status: "completed",
      pages: 1,
    });
    expect(result?.found).toBeGreaterThan(0);
    expect(outcomes(result as unknown as Record<string, number>)).toBe(result?.mapped);
    expect(body.summary).toEqual({
      successful: 1,
      total_sources: 1,
      total_events: result?.found,
      total_inserted: result?.inserted,
      total_updated: 0,
    });

    const again = (await (await post("/run", { source_key: "surfrider-sf" })).json()) as RunAnswer;
    expect(again.results[0]).toMatchObject({
      inserted: 0,
      updated: 0,
      duplicate_unchanged: (result?.inserted ?? 0) + (result?.duplicate_unchanged ?? 0),
    });

    const sources = (await (await api("/api/admin/ingestion/sources", { headers: await adminHeaders() })).json()) as {
      sources: { key: string; latest_run: { id: string; status: string } | null }[];
    };
    const latest = sources.sources.find((s) => s.key === "surfrider-sf")?.latest_run;
    expect(latest).toMatchObject({ id: again.results[0]?.run_id, status: "completed" });
    const runs = (await (
      await api("/api/admin/ingestion/runs?source_key=surfrider-sf", { headers: await adminHeaders() })
    ).json()) as {
      runs: { id: string }[];
    };
    // Newest first; other tests of this file may have run the source too (run_all), before or after this one.
    expect(runs.runs.map((r) => r.id).slice(0, 2)).toEqual([again.results[0]?.run_id, result?.run_id]);
  });

  it("runs all sources and sums them up", async () => {
    const res = await post("/run", { run_all: true });
    const body = (await res.json()) as RunAnswer;
    expect(body.results.map((r) => r.source_key)).toEqual(SOURCES.map((s) => s.key));
    expect(body.results.every((r) => r.success)).toBe(true);
    expect(body.summary).toMatchObject({ successful: 15, total_sources: 15 });
    expect(body.summary.total_inserted).toBe(body.results.reduce((n, r) => n + r.inserted, 0));
    expect(body.summary.total_events).toBe(body.results.reduce((n, r) => n + r.found, 0));
  }, 60_000);

  it("runs the Audubon listing in batches of pages", async () => {
    const res = await post("/audubon-batch", { total_batches: 10, batch_size: 5 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      batches_processed: number;
      totals: { inserted: number; updated: number };
      results: RunResult[];
    };
    expect(body.batches_processed).toBe(10);
    // The fixture listing has 12 pages of 3 events: batches 1-3 find them, later ones find the end.
    expect(body.results.map((r) => r.pages)).toEqual([5, 5, 3, 1, 1, 1, 1, 1, 1, 1]);
    expect(body.results.map((r) => r.found)).toEqual([15, 15, 6, 0, 0, 0, 0, 0, 0, 0]);
    expect(body.totals).toEqual({
      inserted: body.results.reduce((n, r) => n + r.inserted, 0),
      updated: body.results.reduce((n, r) => n + r.updated, 0),
    });
    // New or already stored (an earlier test may have run page 1-5): every event is accounted for.
    expect(body.results.reduce((n, r) => n + r.inserted + r.updated + r.duplicate_unchanged, 0)).toBe(36);
  }, 60_000);

  it("answers 400 and 404 for bad requests", async () => {
    for (const json of [{}, { run_all: false }, { source_key: "" }, { run_all: true, source_key: "nps" }]) {
      const res = await post("/run", json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "validation_error", message: "Send { run_all: true } or { source_key }" },
      });
    }
    const unknown = await post("/run", { source_key: "nope" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: "Unknown source: nope" } });
  });

  it("shows key-based sources as disabled, with the reason, when their key is missing", async () => {
    // Outside fixture mode the real sources would be read; only disabled ones are asked to run here.
    const live = { ...env, INGESTION_FIXTURES: "false" };
    const headers = await adminHeaders();
    const call = (path: string, init: RequestInit = {}) =>
      createApp().fetch(
        new Request(`http://localhost/api/admin/ingestion${path}`, {
          ...init,
          headers: { ...headers, "Content-Type": "application/json" },
        }),
        live,
      );
    const { sources } = (await (await call("/sources")).json()) as {
      sources: { key: string; enabled: boolean; disabled_reason: string | null }[];
    };
    expect(sources.filter((s) => !s.enabled).map((s) => [s.key, s.disabled_reason])).toEqual([
      ["nps", "Disabled: set NPS_API_KEY to enable this source."],
      ["earthday-crawl", "Disabled: set FIRECRAWL_API_KEY to enable this source."],
    ]);
    const res = await call("/run", { method: "POST", body: JSON.stringify({ source_key: "earthday-crawl" }) });
    const body = (await res.json()) as RunAnswer;
    expect(body.results).toEqual([
      expect.objectContaining({
        source_key: "earthday-crawl",
        success: false,
        status: "disabled",
        run_id: null,
        error: "Disabled: set FIRECRAWL_API_KEY to enable this source.",
      }),
    ]);
    expect(body.summary).toMatchObject({ successful: 0, total_sources: 1 });
  });
});

describe("queue consumer", () => {
  const message = (body: IngestMessage) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body });
  const newRun = async (sourceKey: string) => {
    const id = crypto.randomUUID();
    await db().insert(ingestionRuns).values({ id, sourceKey, startedAt: new Date().toISOString() });
    return id;
  };

  it("a failing source never stops the others, and its failure is acknowledged, not retried", async () => {
    // The remote hosts, faked at the HTTP boundary: one answers 500, one serves its feed.
    const live = { ...env, INGESTION_FIXTURES: "false" };
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.host === "openlands.org")
        return new Response("oops", { status: 500, statusText: "Internal Server Error" });
      if (url.host === "healthebay.org") return new Response(sierraIcs);
      return new Response("unexpected host", { status: 418 });
    });
    const failing = await newRun("openlands");
    const working = await newRun("heal-the-bay");
    const batch = createMessageBatch("earthkind-ingest", [
      message({ kind: "run-source", run_id: failing, source_key: "openlands", start_page: 0, pages: 5 }),
      message({ kind: "run-source", run_id: working, source_key: "heal-the-bay", start_page: 0, pages: 5 }),
    ]);
    await consumeIngestBatch(batch, live);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks).toHaveLength(2);
    expect(result.retryMessages).toEqual([]);
    const runs = await db().select().from(ingestionRuns).where(like(ingestionRuns.id, "%"));
    const byId = new Map(runs.map((r) => [r.id, r]));
    expect(byId.get(failing)).toMatchObject({
      status: "failed",
      errorMessage: "HTTP 500 Internal Server Error from openlands.org",
    });
    expect(byId.get(working)).toMatchObject({ status: "completed", errorMessage: null });
    expect(byId.get(working)?.found).toBeGreaterThan(0);
  });

  it("acknowledges a duplicate delivery of a finished run without running it again", async () => {
    const id = await newRun("surfrider-sf");
    const body: IngestMessage = { kind: "run-source", run_id: id, source_key: "surfrider-sf", start_page: 0, pages: 5 };
    await consumeIngestBatch(createMessageBatch("earthkind-ingest", [message(body)]), env);
    const [first] = await db().select().from(ingestionRuns).where(eq(ingestionRuns.id, id));
    const dup = createMessageBatch("earthkind-ingest", [message(body)]);
    await consumeIngestBatch(dup, env);
    expect((await getQueueResult(dup, createExecutionContext())).explicitAcks).toHaveLength(1);
    const [second] = await db().select().from(ingestionRuns).where(eq(ingestionRuns.id, id));
    expect(second).toEqual(first);
  });
});

describe("daily cron", () => {
  const tick = (at: Date) =>
    runScheduled(createScheduledController({ scheduledTime: at.getTime(), cron: "*/5 * * * *" }), env);

  it("queues every source once a day from the daily slot, idempotently", async () => {
    const day = "2031-06-10";
    const before = localToUtc(day, "03:55", "America/Los_Angeles");
    const after = localToUtc(day, "04:00", "America/Los_Angeles");
    const ids = SOURCES.map((s) => dailyRunId(day, s.key));
    const daily = () =>
      db()
        .select()
        .from(ingestionRuns)
        .where(like(ingestionRuns.id, `daily-${day}-%`));

    await tick(before);
    expect(await daily()).toEqual([]);

    await tick(after);
    expect((await daily()).map((r) => r.id).sort()).toEqual([...ids].sort());
    const finished = await awaitRuns(db(), ids, 30_000);
    expect(finished.every((r) => r.status === "completed")).toBe(true);

    await tick(new Date(after.getTime() + 5 * 60_000));
    expect(await daily()).toHaveLength(15);
  }, 60_000);
});
