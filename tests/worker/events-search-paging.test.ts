import { describe, expect, it } from "vitest";
import {
  CATEGORY_PARAM_MESSAGE,
  type EventResult,
  KEYWORD_NEEDS_ZIP_MESSAGE,
  type SearchResponse,
  searchQuerySchema,
} from "#contract/events/schemas";
import { events } from "../../db/schema";
import { searchEvents, TOTAL_CAP } from "../../worker/features/events/search";
import { destination, futureBase, hoursAfter, northOf } from "./events-support";
import { api, config, db } from "./helpers";
import { createEvent, createZip, uniqueState } from "./support/factories";

type Body = SearchResponse & { error?: { code: string; message: string } };

const search = async (params: Record<string, string | string[]>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
  }
  const res = await api(`/api/events?${query}`);
  return { status: res.status, body: (await res.json()) as Body };
};

/** A window around `base` that only this test's events fall in. */
const windowAround = (base: Date, hours = 200) => ({
  start: hoursAfter(base, -1).toISOString(),
  end: hoursAfter(base, hours).toISOString(),
});

/** The search's order: start, then distance (online / unknown last), then id. */
const inOrder = (list: EventResult[]) =>
  list.every((e, i) => {
    const prev = list[i - 1];
    if (!prev) return true;
    if (prev.start_time !== e.start_time) return prev.start_time < e.start_time;
    const [a, b] = [prev.distance_miles ?? Number.POSITIVE_INFINITY, e.distance_miles ?? Number.POSITIVE_INFINITY];
    return a !== b ? a < b : prev.id < e.id;
  });

/** Every page of a search, following next_cursor; `between` runs before each request after the first. */
async function allPages(
  params: Record<string, string | string[]>,
  between: (page: number) => Promise<void> = async () => {},
) {
  const pages: Body[] = [];
  let cursor: string | null = null;
  do {
    if (pages.length > 0) await between(pages.length);
    const { status, body } = await search(cursor ? { ...params, cursor } : params);
    expect(status).toBe(200);
    pages.push(body);
    cursor = body.next_cursor;
    expect(pages.length).toBeLessThan(30);
  } while (cursor);
  return pages;
}

describe("GET /api/events — category and keyword", () => {
  it("filters by one or several categories on the server, counting what matches", async () => {
    const zip = await createZip();
    const base = futureBase();
    const make = (category: string, h: number) =>
      createEvent({ ...northOf(zip.lat, zip.lon, 2 + h), category, startAtUtc: hoursAfter(base, h).toISOString() });
    const cleanups = [await make("cleanup", 0), await make("cleanup", 1), await make("cleanup", 2)];
    const wildlife = [await make("wildlife", 3), await make("wildlife", 4)];
    const oceans = [await make("oceans", 5), await make("oceans", 6)];
    const params = { zip: zip.zip, radius: "25", ...windowAround(base) };

    const all = await search(params);
    expect(all.body).toMatchObject({ total: 7, total_capped: false, next_cursor: null });
    const one = await search({ ...params, category: "wildlife" });
    expect(one.body.events.map((e) => e.id)).toEqual(wildlife.map((e) => e.id));
    expect(one.body.total).toBe(2);
    const two = await search({ ...params, category: ["oceans", "wildlife", "oceans"] });
    expect(two.body.events.map((e) => e.id)).toEqual([...wildlife, ...oceans].map((e) => e.id));
    expect(two.body.total).toBe(4);
    // A blank category is no filter (an empty select's value).
    expect((await search({ ...params, category: "" })).body.total).toBe(7);
    expect(cleanups).toHaveLength(3);
  });

  it("matches every word of the keyword, in any case, in title, description, venue, address or city", async () => {
    const zip = await createZip();
    const base = futureBase();
    const at = (h: number) => ({ ...northOf(zip.lat, zip.lon, 3), startAtUtc: hoursAfter(base, h).toISOString() });
    const creek = await createEvent({
      ...at(0),
      title: "Salmon Creek Restoration",
      description: "Plant willows where the great blue heron fishes.",
      venueName: "Oaks Bottom",
      address: "123 Kestrel Road",
      city: "Milwaukie",
    });
    const percent = await createEvent({ ...at(1), title: "50% of the seedlings planted", description: null });
    const plain = await createEvent({ ...at(2), title: "500 trees", description: "a_b testing the meadow" });
    const params = { zip: zip.zip, radius: "10", ...windowAround(base) };
    const ids = async (q: string) => {
      const { status, body } = await search({ ...params, q });
      expect(status).toBe(200);
      expect(body.total).toBe(body.events.length);
      return body.events.map((e) => e.id);
    };

    expect(await ids("HERON")).toEqual([creek.id]);
    expect(await ids("kestrel")).toEqual([creek.id]);
    expect(await ids("milwaukie")).toEqual([creek.id]);
    expect(await ids("  oaks   BOTTOM ")).toEqual([creek.id]);
    expect(await ids("salmon heron")).toEqual([creek.id]);
    expect(await ids("salmon eagle")).toEqual([]);
    // LIKE's wildcards are literal characters in a keyword.
    expect(await ids("50%")).toEqual([percent.id]);
    expect(await ids("a_b")).toEqual([plain.id]);
    expect(await ids("500")).toEqual([plain.id]);
    expect(await ids("")).toEqual([creek.id, percent.id, plain.id]);
  });

  it("pages and counts a keyword search from its keys exactly as the general reading does", async () => {
    const zip = await createZip();
    const base = futureBase();
    const expected: string[] = [];
    // Herons within the radius (some sharing start times), in its ring just outside, online, and other
    // events that do not match.
    for (let i = 0; i < 24; i++) {
      const title = i % 3 === 0 ? `River cleanup ${i}` : `Heron walk ${i}`;
      const e = await createEvent({
        ...destination(zip.lat, zip.lon, i % 4 === 0 ? 25.3 : 1 + (i % 11) * 2.2, (i * 47) % 360),
        title,
        startAtUtc: hoursAfter(base, Math.floor(i / 2)).toISOString(),
      });
      if (title.startsWith("Heron") && i % 4 !== 0) expected.push(e.id);
    }
    for (let i = 0; i < 5; i++) {
      const e = await createEvent({
        lat: null,
        lon: null,
        city: null,
        state: null,
        isVirtual: true,
        title: `Online heron talk ${i}`,
        startAtUtc: hoursAfter(base, 3 * i).toISOString(),
      });
      expected.push(e.id);
    }
    const params = {
      zip: zip.zip,
      radius: "25",
      include_online: "true",
      limit: "4",
      q: "heron",
      ...windowAround(base),
    };
    const pages = await allPages(params);
    const seen = pages.flatMap((p) => p.events);
    expect(seen.map((e) => e.id).sort()).toEqual([...expected].sort());
    expect(inOrder(seen)).toBe(true);
    expect(pages.every((p) => p.total === expected.length && !p.total_capped)).toBe(true);

    // Page by page, the same events and cursors as the rounds-and-counts reading (used without a total).
    const opts = { now: new Date(), siteTimeZone: config().SITE_TIMEZONE };
    let cursor: string | undefined;
    for (const page of pages) {
      const q = searchQuerySchema.parse({ ...params, ...(cursor ? { cursor } : {}) });
      const general = await searchEvents(db(), q, { ...opts, count: false, fallback: true });
      expect(page.events.map((e) => e.id)).toEqual(general.hits.map((h) => h.row.id));
      expect(page.next_cursor).toBe(general.nextCursor);
      cursor = page.next_cursor ?? undefined;
    }
  });

  it("counts exactly at the radius's edge", async () => {
    const zip = await createZip();
    const base = futureBase();
    const inside = [];
    for (const bearing of [0, 45, 135, 225, 315]) {
      inside.push(
        await createEvent({ ...destination(zip.lat, zip.lon, 24.95, bearing), startAtUtc: base.toISOString() }),
      );
      await createEvent({ ...destination(zip.lat, zip.lon, 25.05, bearing), startAtUtc: base.toISOString() });
    }
    const { body } = await search({ zip: zip.zip, radius: "25", ...windowAround(base) });
    expect(body.events.map((e) => e.id).sort()).toEqual(inside.map((e) => e.id).sort());
    expect(body.total).toBe(5);
  });

  it(`counts exactly up to ${TOTAL_CAP} and says when there are more`, async () => {
    const zip = await createZip();
    const base = futureBase();
    const rows = Array.from({ length: TOTAL_CAP + 1 }, (_, i) => ({
      sourceKey: "test",
      externalId: `cap-${zip.zip}-${base.getTime()}-${i}`,
      title: `Capped ${i}`,
      category: i < 3 ? "wildlife" : "cleanup",
      ...northOf(zip.lat, zip.lon, 1 + (i % 20)),
      state: zip.state,
      startAtUtc: hoursAfter(base, i / 100).toISOString(),
      status: "approved" as const,
    }));
    const inserts = [];
    for (let i = 0; i < rows.length; i += 7)
      inserts.push(
        db()
          .insert(events)
          .values(rows.slice(i, i + 7)),
      );
    await db().batch(inserts as [(typeof inserts)[0], ...typeof inserts]);
    const params = { zip: zip.zip, radius: "25", ...windowAround(base) };
    const capped = await search(params);
    expect(capped.body).toMatchObject({ total: TOTAL_CAP, total_capped: true });
    expect(capped.body.events).toHaveLength(20);
    expect((await search({ ...params, category: "wildlife" })).body).toMatchObject({ total: 3, total_capped: false });
    // A keyword matching more than can be counted from keys: counted and capped the general way.
    expect((await search({ ...params, q: "capped" })).body).toMatchObject({ total: TOTAL_CAP, total_capped: true });
  });
});

describe("GET /api/events — cursor paging", () => {
  it("pages in order with no duplicates or gaps while events are inserted between pages", async () => {
    const zip = await createZip();
    const base = futureBase();
    const original: string[] = [];
    // Three in-person events per hour at different distances, online events on some of the same hours:
    // page boundaries fall inside groups of equal start times.
    for (let i = 0; i < 36; i++) {
      const at = hoursAfter(base, Math.floor(i / 3));
      const e = await createEvent({
        ...northOf(zip.lat, zip.lon, 1 + ((i * 7) % 20) * 0.9),
        startAtUtc: at.toISOString(),
      });
      original.push(e.id);
    }
    for (let i = 0; i < 8; i++) {
      const e = await createEvent({
        lat: null,
        lon: null,
        city: null,
        state: null,
        isVirtual: true,
        startAtUtc: hoursAfter(base, 2 * i).toISOString(),
      });
      original.push(e.id);
    }
    const params = { zip: zip.zip, radius: "25", include_online: "true", limit: "10", ...windowAround(base) };
    const early: string[] = [];
    const late: string[] = [];

    const pages = await allPages(params, async (page) => {
      if (page !== 1) return;
      // The first page ends somewhere in hours 2–3: insert before it, at its very position, and after it.
      const { body: first } = await search(params);
      const last = first.events.at(-1) as EventResult;
      const lastAt = new Date(last.start_time);
      early.push((await createEvent({ ...northOf(zip.lat, zip.lon, 0.5), startAtUtc: base.toISOString() })).id);
      if (last.distance_miles !== null && last.distance_miles > 0.3) {
        // Same start as the page's last event, nearer: it sorts before the cursor.
        early.push(
          (await createEvent({ ...northOf(zip.lat, zip.lon, last.distance_miles - 0.2), startAtUtc: last.start_time }))
            .id,
        );
      }
      // Same start, farther, and an online one at that start: both sort after the cursor.
      late.push(
        (await createEvent({ ...northOf(zip.lat, zip.lon, 24), startAtUtc: last.start_time })).id,
        (
          await createEvent({
            lat: null,
            lon: null,
            city: null,
            state: null,
            isVirtual: true,
            startAtUtc: last.start_time,
          })
        ).id,
        (await createEvent({ ...northOf(zip.lat, zip.lon, 2), startAtUtc: hoursAfter(lastAt, 30).toISOString() })).id,
      );
    });

    const seen = pages.flatMap((p) => p.events);
    const ids = seen.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(inOrder(seen)).toBe(true);
    expect(ids).toEqual(expect.arrayContaining([...original, ...late]));
    for (const id of early) expect(ids).not.toContain(id);
    expect(ids).toHaveLength(original.length + late.length);
    expect(pages.slice(0, -1).every((p) => p.events.length === 10)).toBe(true);
    expect(pages[0]?.total).toBe(original.length);
    expect(pages.at(-1)?.total).toBe(original.length + early.length + late.length);

    // The same walk as one page (everything now in the window, in the same order) minus what was
    // inserted before the cursor.
    const { body: whole } = await search({ ...params, limit: "50" });
    expect(ids).toEqual(whole.events.map((e) => e.id).filter((id) => !early.includes(id)));
  });

  it("pages through a pile of events at one start time, nearest first", async () => {
    const zip = await createZip();
    const base = futureBase();
    for (let i = 0; i < 60; i++) {
      await createEvent({ ...northOf(zip.lat, zip.lon, 0.3 + i * 0.35), startAtUtc: base.toISOString() });
    }
    const pages = await allPages({ zip: zip.zip, radius: "25", ...windowAround(base) });
    const seen = pages.flatMap((p) => p.events);
    expect(pages.map((p) => p.events.length)).toEqual([20, 20, 20]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(60);
    expect(seen.map((e) => e.distance_miles)).toEqual(
      [...seen.map((e) => e.distance_miles)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    expect(inOrder(seen)).toBe(true);
  });

  it("keeps paging the statewide fallback after an event appears within the radius", async () => {
    const state = uniqueState();
    const zip = await createZip({ state });
    const base = futureBase();
    const statewide: string[] = [];
    for (let i = 0; i < 25; i++) {
      const e = await createEvent({
        ...northOf(zip.lat, zip.lon, 60 + ((i * 13) % 50)),
        state,
        startAtUtc: hoursAfter(base, Math.floor(i / 4)).toISOString(),
      });
      statewide.push(e.id);
    }
    const params = { zip: zip.zip, radius: "25", limit: "10", ...windowAround(base) };
    let near = "";
    const pages = await allPages(params, async (page) => {
      if (page === 1)
        near = (await createEvent({ ...northOf(zip.lat, zip.lon, 5), state, startAtUtc: base.toISOString() })).id;
    });
    const seen = pages.flatMap((p) => p.events);
    expect(seen.every((e) => e.is_fallback)).toBe(true);
    expect(seen.map((e) => e.id).sort()).toEqual([...statewide].sort());
    expect(inOrder(seen)).toBe(true);
    expect(pages[0]?.total).toBe(25);

    // A new search sees the event within the radius, and only it.
    const fresh = await search(params);
    expect(fresh.body.events.map((e) => [e.id, e.is_fallback])).toEqual([[near, false]]);
    expect(fresh.body).toMatchObject({ total: 1, next_cursor: null });
  });

  it("pages the search without a ZIP, and keeps `limit`", async () => {
    const base = futureBase();
    const mine: string[] = [];
    for (let i = 0; i < 7; i++) {
      mine.push((await createEvent({ lat: 10, lon: 10, startAtUtc: hoursAfter(base, i * 0.01).toISOString() })).id);
    }
    const params = {
      limit: "3",
      start: hoursAfter(base, -0.001).toISOString(),
      end: hoursAfter(base, 0.07).toISOString(),
    };
    const pages = await allPages(params);
    expect(pages.map((p) => p.events.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((p) => p.events.map((e) => e.id))).toEqual(mine);
  });
});

describe("GET /api/events — bad filters and cursors", () => {
  it.each([
    [{ zip: "97201", category: "parks" }, CATEGORY_PARAM_MESSAGE],
    [{ zip: "97201", category: ["cleanup", "all"] }, CATEGORY_PARAM_MESSAGE],
    [{ zip: "97201", q: "x".repeat(101) }, "q must be 100 characters or fewer"],
    [{ zip: "97201", q: "beach\u0000" }, "q must not contain control characters"],
    [{ zip: "97201", q: ["beach", "birds"] }, "q must be one keyword text"],
    [{ q: "beach" }, KEYWORD_NEEDS_ZIP_MESSAGE],
    [{ zip: "97201", cursor: "not a cursor" }, "Invalid cursor."],
    [{ zip: "97201", cursor: "x".repeat(301) }, "Invalid cursor."],
    [
      { zip: "97201", cursor: btoa(JSON.stringify([1, "r", "2030-01-01T00:00:00.000Z", "far", "id"])) },
      "Invalid cursor.",
    ],
  ])("answers 400 for %o", async (params, message) => {
    const { status, body } = await search(params as Record<string, string | string[]>);
    expect(status).toBe(400);
    expect(body.error?.message).toBe(message);
  });

  it("refuses a cursor from a search of another kind (with and without a ZIP)", async () => {
    const base = futureBase();
    for (let i = 0; i < 3; i++) await createEvent({ lat: 10, lon: 10, startAtUtc: hoursAfter(base, i).toISOString() });
    const anywhere = await search({ limit: "1", ...windowAround(base) });
    const cursor = anywhere.body.next_cursor as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const zip = await createZip();
    const { status, body } = await search({ zip: zip.zip, cursor });
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: "invalid_cursor", message: "Invalid cursor." });
  });
});
