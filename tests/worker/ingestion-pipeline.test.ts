import { and, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, ingestionRuns } from "../../db/schema";
import { ingestSource, runIntoRecord } from "../../worker/features/ingestion/run-source";
import { createRuns } from "../../worker/features/ingestion/runs";
import { type EventRow, writeEvents } from "../../worker/features/ingestion/upsert";
import page0 from "../fixtures/ingestion/audubon-events-page-0.html?raw";
import page1 from "../fixtures/ingestion/audubon-events-page-1.html?raw";
import page2 from "../fixtures/ingestion/audubon-events-page-2.html?raw";
import npsPage1 from "../fixtures/ingestion/nps-events-page-1.json?raw";
import npsPage2 from "../fixtures/ingestion/nps-events-page-2.json?raw";
import sierraIcs from "../fixtures/ingestion/sierra-club-chapter.ics?raw";
import { db } from "./helpers";
import { deps, fakeFetch, outcomes, seedFixtureZips, source } from "./ingestion-helpers";

// Source keys of their own, so one test's rows never meet another's (storage is shared in a file).
const uniqueKey = (base: string) => `test-${base}-${crypto.randomUUID().slice(0, 8)}`;
let ics = source("sierra-club-nyc");
const icsFetch = (body = sierraIcs) => fakeFetch(() => body).fetch;
const stored = (sourceKey: string) => db().select().from(events).where(eq(events.sourceKey, sourceKey));
const one = async (sourceKey: string, externalId: string) => {
  const [row] = await db()
    .select()
    .from(events)
    .where(and(eq(events.sourceKey, sourceKey), eq(events.externalId, externalId)));
  return row;
};

beforeEach(async () => {
  ics = { ...source("sierra-club-nyc"), key: uniqueKey("sierra") };
  // An earlier test's copy of the same feed, under another key, would be the listing this one's events merge
  // into (decision 199): each test reads the feed as its only source.
  await db().delete(events).where(like(events.sourceKey, "test-sierra-%"));
  await seedFixtureZips();
});

describe("pipeline on the recorded ICS feed", () => {
  it("counts every outcome, and the counters add up", async () => {
    const out = await ingestSource(deps(icsFetch()), ics, { startPage: 0, pages: 5 });
    expect(out.status).toBe("completed");
    // The cancelled outing is stored cancelled (decision 200).
    expect(out.counters).toEqual({
      found: 18,
      mapped: 18,
      inserted: 16,
      updated: 0,
      duplicate_unchanged: 0,
      skipped_past: 1,
      skipped_invalid_datetime: 0,
      skipped_missing_required: 1,
      failed_db_error: 0,
      geocoded_count: 15,
      all_day_events: 1,
    });
    expect(outcomes(out.counters)).toBe(out.counters.mapped);
    expect(await stored(ics.key)).toHaveLength(16);
    expect((await one(ics.key, "cancelled@sfbay.sierraclub.example"))?.status).toBe("cancelled");
  });

  it("stores UTC times converted DST-correctly, all-day days from local midnight, and online events without a place", async () => {
    await ingestSource(deps(icsFetch()), ics, { startPage: 0, pages: 5 });
    const series = "crissy-field-series@sfbay.sierraclub.example";
    expect(await one(ics.key, `${series}#20300302T090000`)).toMatchObject({
      startAtUtc: "2030-03-02T17:00:00.000Z", // 09:00 PST
      endAtUtc: "2030-03-02T19:00:00.000Z",
      lat: 37.7989,
      lon: -122.4662,
      status: "approved",
    });
    expect((await one(ics.key, `${series}#20300316T090000`))?.startAtUtc).toBe("2030-03-16T16:00:00.000Z"); // PDT
    expect((await one(ics.key, `${series}#20300323T090000`))?.startAtUtc).toBe("2030-03-23T20:00:00.000Z"); // moved to 13:00
    expect((await one(ics.key, "outlook-export-1@sfbay.sierraclub.example"))?.startAtUtc).toBe(
      "2030-03-16T01:00:00.000Z",
    );
    expect(await one(ics.key, "floating-time@sfbay.sierraclub.example")).toMatchObject({
      startAtUtc: "2030-03-22T17:00:00.000Z", // floating 10:00 read in California's zone
      endAtUtc: null,
      endTimeUnknown: true,
      city: "Berkeley",
      lat: 37.8664,
    });
    expect(await one(ics.key, "earth-day-fair-2030@sfbay.sierraclub.example")).toMatchObject({
      allDay: true,
      startAtUtc: "2030-04-20T07:00:00.000Z",
      endAtUtc: "2030-04-21T07:00:00.000Z",
      endTimeUnknown: false,
    });
    expect(await one(ics.key, "webinar-utc@sfbay.sierraclub.example")).toMatchObject({
      isVirtual: true,
      lat: null,
      lon: null,
      startAtUtc: "2030-03-18T02:00:00.000Z",
    });
  });

  it("a rerun counts duplicate_unchanged and inserts nothing; a changed event is updated", async () => {
    await ingestSource(deps(icsFetch()), ics, { startPage: 0, pages: 5 });
    const before = await stored(ics.key);

    const again = await ingestSource(deps(icsFetch()), ics, { startPage: 0, pages: 5 });
    expect(again.counters).toMatchObject({ inserted: 0, updated: 0, duplicate_unchanged: 16 });
    expect(outcomes(again.counters)).toBe(again.counters.mapped);
    const after = await stored(ics.key);
    expect(after.map((e) => [e.id, e.updatedAt]).sort()).toEqual(before.map((e) => [e.id, e.updatedAt]).sort());

    const edited = sierraIcs.replace("SUMMARY:Earth Day Fair", "SUMMARY:Earth Day Fair and Plant Sale");
    const third = await ingestSource(deps(icsFetch(edited)), ics, { startPage: 0, pages: 5 });
    expect(third.counters).toMatchObject({ inserted: 0, updated: 1, duplicate_unchanged: 15 });
    const fair = await one(ics.key, "earth-day-fair-2030@sfbay.sierraclub.example");
    expect(fair?.title).toBe("Earth Day Fair and Plant Sale");
    expect(fair?.id).toBe(before.find((e) => e.externalId === fair?.externalId)?.id);
  });

  it("keeps a moderator's cancellation when the source sends the event again", async () => {
    await ingestSource(deps(icsFetch()), ics, { startPage: 0, pages: 5 });
    await db()
      .update(events)
      .set({ status: "cancelled" })
      .where(and(eq(events.sourceKey, ics.key), like(events.externalId, "earth-day-fair%")));
    const edited = sierraIcs.replace("SUMMARY:Earth Day Fair", "SUMMARY:Earth Day Fair 2030");
    await ingestSource(deps(icsFetch(edited)), ics, { startPage: 0, pages: 5 });
    expect((await one(ics.key, "earth-day-fair-2030@sfbay.sierraclub.example"))?.status).toBe("cancelled");
  });
});

describe("pipeline on the recorded HTML and API sources", () => {
  it("skips invalid dates, missing titles and past events from a listing", async () => {
    const audubon = { ...source("audubon"), key: uniqueKey("audubon") };
    const pages: Record<string, string> = { "0": page0, "1": page1, "2": page2 };
    const fetch = fakeFetch((url) => pages[url.searchParams.get("page") ?? ""]).fetch;
    const out = await ingestSource(deps(fetch), audubon, { startPage: 0, pages: 5 });
    expect(out).toMatchObject({ status: "completed", pages: 3 });
    expect(out.counters).toMatchObject({
      found: 7,
      mapped: 7,
      inserted: 4,
      skipped_invalid_datetime: 1,
      skipped_missing_required: 1,
      skipped_past: 1,
      geocoded_count: 3,
      all_day_events: 1,
    });
    expect(outcomes(out.counters)).toBe(out.counters.mapped);
    expect(await one(audubon.key, "https://www.audubon.org/events/christmas-bird-count-portland")).toMatchObject({
      allDay: true,
      startAtUtc: "2030-03-12T07:00:00.000Z", // midnight in Oregon (PDT)
      state: "OR",
    });
  });

  it("maps NPS dates, fills the state of coordinates from the nearest ZIP, and skips what it cannot place", async () => {
    const nps = { ...source("nps"), key: uniqueKey("nps") };
    const fetch = fakeFetch((url) => (url.searchParams.get("pageNumber") === "1" ? npsPage1 : npsPage2)).fetch;
    const out = await ingestSource(deps(fetch, { config: { ...deps(fetch).config, NPS_API_KEY: "k" } }), nps, {
      startPage: 0,
      pages: 5,
    });
    expect(out.counters).toMatchObject({
      found: 6,
      inserted: 3,
      skipped_past: 1,
      skipped_invalid_datetime: 1,
      skipped_missing_required: 1,
      geocoded_count: 0,
      all_day_events: 1,
    });
    expect(outcomes(out.counters)).toBe(out.counters.mapped);
    expect(await one(nps.key, "NPS-E-10001:2030-03-02")).toMatchObject({
      state: "CA",
      timeZone: "America/Los_Angeles", // the nearest ZIP's zone
      startAtUtc: "2030-03-02T17:00:00.000Z",
      endAtUtc: "2030-03-02T20:00:00.000Z",
    });
    expect(await one(nps.key, "NPS-E-10002:2030-03-23")).toMatchObject({
      state: "WA",
      allDay: true,
      timeZone: "America/Los_Angeles",
    });
  });
});

describe("failures", () => {
  it("records a source answering 500 as a failed run with its message", async () => {
    const [runId] = [crypto.randomUUID()];
    await createRuns(db(), [{ id: runId, sourceKey: "openlands" }], new Date());
    const out = await runIntoRecord(deps(fakeFetch(() => ({ status: 500 })).fetch), runId, source("openlands"), {
      startPage: 0,
      pages: 5,
    });
    expect(out.status).toBe("failed");
    const [run] = await db().select().from(ingestionRuns).where(eq(ingestionRuns.id, runId));
    expect(run).toMatchObject({
      status: "failed",
      errorMessage: "HTTP 500 Internal Server Error from openlands.org",
      found: 0,
      inserted: 0,
    });
    expect(run?.finishedAt).not.toBeNull();
  });

  it("records a source that times out", async () => {
    const out = await ingestSource(deps(fakeFetch(() => "hang").fetch, { timeoutMs: 150 }), source("openlands"), {
      startPage: 0,
      pages: 5,
    });
    expect(out).toMatchObject({ status: "failed", error: "Timed out after 150 ms waiting for openlands.org" });
  });

  it("counts rows the database refuses as failed_db_error and stores the rest", async () => {
    const good = (n: number): EventRow => ({
      sourceKey: "unused",
      externalId: `good-${n}`,
      title: `Good ${n}`,
      description: null,
      venueName: null,
      address: null,
      category: "cleanup",
      city: "Portland",
      state: "OR",
      postalCode: null,
      lat: 45.5,
      lon: -122.6,
      startAtUtc: "2030-05-01T17:00:00.000Z",
      endAtUtc: null,
      allDay: false,
      timeZone: "America/Los_Angeles",
      endTimeUnknown: true,
      registrationUrl: null,
      organizerName: null,
      priceCents: null,
      imageUrl: null,
      isVirtual: false,
      cancelled: false,
    });
    // A row breaking a NOT NULL constraint, as a corrupt source item would.
    const bad = { ...good(99), externalId: "bad", startAtUtc: null as unknown as string };
    const key = uniqueKey("db");
    const outcome = await writeEvents(db(), key, [good(1), bad, good(2)]);
    expect(outcome).toMatchObject({ inserted: 2, failed: 1, updated: 0, unchanged: 0 });
    expect([...outcome.failedIds]).toEqual(["bad"]);
    expect((await stored(key)).map((e) => e.externalId).sort()).toEqual(["good-1", "good-2"]);
  });
});
