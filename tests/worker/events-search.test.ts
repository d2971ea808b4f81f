import { describe, expect, it } from "vitest";
import type { SearchResponse } from "#contract/events/schemas";
import { dayInZone, localToUtc } from "#contract/platform/zoned-time";
import { searchEvents } from "../../worker/features/events/search";
import { destination, futureBase, hoursAfter, northOf, type SearchBody } from "./events-support";
import { api, config, db } from "./helpers";
import { createEvent, createZip, uniqueState } from "./support/factories";

const search = async (params: Record<string, string>) => {
  const res = await api(`/api/events?${new URLSearchParams(params)}`);
  return { status: res.status, body: (await res.json()) as SearchBody & { error?: { message: string } } };
};

/** A window around `base` that only this test's events fall in. */
const windowAround = (base: Date) => ({
  start: hoursAfter(base, -1).toISOString(),
  end: hoursAfter(base, 48).toISOString(),
});

describe("GET /api/events — radius", () => {
  it("keeps an event at 24.9 miles and drops one at 25.1 miles for the 25-mile radius", async () => {
    const zip = await createZip();
    const base = futureBase();
    const near = await createEvent({
      ...northOf(zip.lat, zip.lon, 24.9),
      state: zip.state,
      startAtUtc: base.toISOString(),
    });
    const far = await createEvent({
      ...northOf(zip.lat, zip.lon, 25.1),
      state: zip.state,
      startAtUtc: base.toISOString(),
    });

    const { status, body } = await search({ zip: zip.zip, radius: "25", ...windowAround(base) });
    expect(status).toBe(200);
    const ids = body.events.map((e) => e.id);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
    const hit = body.events.find((e) => e.id === near.id);
    expect(hit?.distance_miles).toBeCloseTo(24.9, 1);
    expect(hit?.is_fallback).toBe(false);

    const wider = await search({ zip: zip.zip, radius: "50", ...windowAround(base) });
    expect(wider.body.events.map((e) => e.id)).toEqual(expect.arrayContaining([near.id, far.id]));
  });

  it.each([45, 135, 225, 315])(
    "applies the exact distance on the diagonal (bearing %i°), inside the SQL box",
    async (bearing) => {
      // Diagonal points at 25.1 miles are inside the bounding box; only the exact distance drops them.
      const zip = await createZip();
      const base = futureBase();
      const near = await createEvent({
        ...destination(zip.lat, zip.lon, 24.9, bearing),
        startAtUtc: base.toISOString(),
      });
      const far = await createEvent({
        ...destination(zip.lat, zip.lon, 25.1, bearing),
        startAtUtc: base.toISOString(),
      });
      const { body } = await search({ zip: zip.zip, radius: "25", ...windowAround(base) });
      expect(body.events.map((e) => e.id)).toEqual([near.id]);
      expect(body.events[0]?.distance_miles).toBe(24.9);
      expect(far.id).toBeTruthy();
    },
  );

  it("sorts by start time, then distance, and answers the spec's Event fields", async () => {
    const zip = await createZip();
    const base = futureBase();
    const later = await createEvent({ ...northOf(zip.lat, zip.lon, 1), startAtUtc: hoursAfter(base, 2).toISOString() });
    const farSameTime = await createEvent({ ...northOf(zip.lat, zip.lon, 9), startAtUtc: base.toISOString() });
    const nearSameTime = await createEvent({
      ...northOf(zip.lat, zip.lon, 3),
      startAtUtc: base.toISOString(),
      endAtUtc: hoursAfter(base, 1).toISOString(),
      allDay: false,
      imageUrl: "https://example.org/i.png",
    });

    const { body } = await search({ zip: zip.zip, radius: "10", ...windowAround(base) });
    expect(body.events.map((e) => e.id)).toEqual([nearSameTime.id, farSameTime.id, later.id]);
    expect(Object.keys(body.events[0] ?? {}).sort()).toEqual(
      [
        "id",
        "title",
        "description",
        "venue_name",
        "category",
        "city",
        "state",
        "start_time",
        "end_time",
        "all_day",
        "end_time_unknown",
        "time_zone",
        "registration_url",
        "image_url",
        "is_virtual",
        "distance_miles",
        "is_fallback",
        // Decision 200: whether its source cancelled it, and when it last confirmed it.
        "cancelled",
        "last_confirmed_at",
        // The event's own page (decision 202).
        "url",
      ].sort(),
    );
    expect(body.events[0]).toMatchObject({
      start_time: base.toISOString(),
      end_time: hoursAfter(base, 1).toISOString(),
      image_url: "https://example.org/i.png",
      is_virtual: false,
    });
  });

  it("returns only approved events that are upcoming or still going on", async () => {
    const zip = await createZip();
    const now = new Date();
    const ongoing = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      startAtUtc: hoursAfter(now, -2).toISOString(),
      endAtUtc: hoursAfter(now, 2).toISOString(),
    });
    const over = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      startAtUtc: hoursAfter(now, -5).toISOString(),
      endAtUtc: hoursAfter(now, -1).toISOString(),
    });
    const pending = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      startAtUtc: hoursAfter(now, 3).toISOString(),
      status: "pending",
    });
    const upcoming = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      startAtUtc: hoursAfter(now, 3).toISOString(),
    });

    const { body } = await search({ zip: zip.zip, radius: "5" });
    const ids = body.events.map((e) => e.id);
    expect(ids).toEqual([ongoing.id, upcoming.id]);
    expect(ids).not.toContain(over.id);
    expect(ids).not.toContain(pending.id);
  });

  it("honours the limit", async () => {
    const zip = await createZip();
    const base = futureBase();
    for (let i = 0; i < 5; i++) {
      await createEvent({ ...northOf(zip.lat, zip.lon, i + 1), startAtUtc: hoursAfter(base, i).toISOString() });
    }
    const { body } = await search({ zip: zip.zip, limit: "3", ...windowAround(base) });
    expect(body.events).toHaveLength(3);
    expect(body.events.map((e) => e.distance_miles)).toEqual([1, 2, 3]);
  });
});

describe("GET /api/events — time frames", () => {
  it("reads plain dates as whole days in SITE_TIMEZONE, across local midnight", async () => {
    const zip = await createZip();
    const tz = config().SITE_TIMEZONE;
    const day = dayInZone(futureBase(), tz);
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    const beforeMidnight = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      startAtUtc: localToUtc(day, "23:30", tz).toISOString(),
    });
    const afterMidnight = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      startAtUtc: localToUtc(next, "00:30", tz).toISOString(),
    });
    // 23:30 Pacific is already the next day in UTC: a UTC reading of the dates would get this wrong.
    expect(beforeMidnight.startAtUtc.slice(0, 10)).toBe(next);

    const oneDay = await search({ zip: zip.zip, start: day, end: day });
    expect(oneDay.body.events.map((e) => e.id)).toEqual([beforeMidnight.id]);
    const nextDay = await search({ zip: zip.zip, start: next, end: next });
    expect(nextDay.body.events.map((e) => e.id)).toEqual([afterMidnight.id]);
    const both = await search({ zip: zip.zip, start: day, end: next });
    expect(both.body.events.map((e) => e.id)).toEqual([beforeMidnight.id, afterMidnight.id]);
  });

  it("treats date-times as exact instants and omitted bounds as all upcoming", async () => {
    const zip = await createZip();
    const base = futureBase();
    const first = await createEvent({ ...northOf(zip.lat, zip.lon, 2), startAtUtc: base.toISOString() });
    const second = await createEvent({
      ...northOf(zip.lat, zip.lon, 2),
      startAtUtc: hoursAfter(base, 10).toISOString(),
    });
    const narrow = await search({
      zip: zip.zip,
      start: hoursAfter(base, -1).toISOString(),
      end: hoursAfter(base, 1).toISOString(),
    });
    expect(narrow.body.events.map((e) => e.id)).toEqual([first.id]);
    const all = await search({ zip: zip.zip, radius: "5" });
    expect(all.body.events.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  });
});

describe("GET /api/events — online events and statewide fallback", () => {
  it("adds online events only when include_online is 'true'", async () => {
    const zip = await createZip();
    const base = futureBase();
    const local = await createEvent({ ...northOf(zip.lat, zip.lon, 3), startAtUtc: hoursAfter(base, 1).toISOString() });
    const online = await createEvent({
      lat: null,
      lon: null,
      city: null,
      state: null,
      isVirtual: true,
      startAtUtc: base.toISOString(),
    });
    const without = await search({ zip: zip.zip, ...windowAround(base) });
    expect(without.body.events.map((e) => e.id)).toEqual([local.id]);

    const withOnline = await search({ zip: zip.zip, include_online: "true", ...windowAround(base) });
    expect(withOnline.body.events.map((e) => e.id)).toEqual([online.id, local.id]);
    expect(withOnline.body.events[0]).toMatchObject({ is_virtual: true, distance_miles: null, is_fallback: false });

    const explicitFalse = await search({ zip: zip.zip, include_online: "false", ...windowAround(base) });
    expect(explicitFalse.body.events.map((e) => e.id)).toEqual([local.id]);
  });

  it("flags statewide results as is_fallback when nothing is within the radius", async () => {
    const state = uniqueState();
    const zip = await createZip({ state });
    const base = futureBase();
    const elsewhereInState = await createEvent({
      ...northOf(zip.lat, zip.lon, 80),
      state,
      startAtUtc: base.toISOString(),
    });
    const { body } = await search({ zip: zip.zip, radius: "25", ...windowAround(base) });
    expect(body.events).toHaveLength(1);
    expect(body.events[0]).toMatchObject({ id: elsewhereInState.id, is_fallback: true });
    expect(body.events[0]?.distance_miles).toBeCloseTo(80, 0);

    // Once something is within the radius, the statewide results are not added.
    const near = await createEvent({
      ...northOf(zip.lat, zip.lon, 5),
      state,
      startAtUtc: hoursAfter(base, 1).toISOString(),
    });
    const again = await search({ zip: zip.zip, radius: "25", ...windowAround(base) });
    expect(again.body.events.map((e) => [e.id, e.is_fallback])).toEqual([[near.id, false]]);
  });

  it("falls back statewide with online events merged in, with a keyword, and without counting", async () => {
    const state = uniqueState();
    const zip = await createZip({ state });
    const base = futureBase();
    // Earlier online events fill the first round, so the round alone cannot tell the radius is empty.
    for (let i = 0; i < 30; i++) {
      await createEvent({
        lat: null,
        lon: null,
        state: null,
        isVirtual: true,
        title: `Online river talk ${i}`,
        startAtUtc: base.toISOString(),
      });
    }
    const elsewhere = await createEvent({
      ...northOf(zip.lat, zip.lon, 60),
      state,
      title: "River cleanup upstate",
      startAtUtc: hoursAfter(base, 2).toISOString(),
    });
    // Just outside the radius, inside the flat circle the SQL tests: only the exact distance drops it.
    const outside = await createEvent({
      ...northOf(zip.lat, zip.lon, 25.2),
      state,
      startAtUtc: hoursAfter(base, 1).toISOString(),
    });

    const query = { zip: zip.zip, radius: "25", include_online: "true", limit: "5", ...windowAround(base) };
    for (const [extra, inState] of [
      [{}, [outside.id, elsewhere.id]],
      [{ q: "river" }, [elsewhere.id]],
    ] as const) {
      const pages: SearchBody["events"] = [];
      let cursor: string | null = null;
      do {
        const { body } = await search({ ...query, ...extra, ...(cursor ? { cursor } : {}) });
        pages.push(...body.events);
        cursor = (body as SearchResponse).next_cursor;
      } while (cursor);
      expect(pages.filter((e) => e.is_virtual)).toHaveLength(30);
      const inPerson = pages.filter((e) => !e.is_virtual);
      expect(inPerson.map((e) => [e.id, e.is_fallback])).toEqual(inState.map((id) => [id, true]));
    }

    // A page read without a total falls back too.
    const opts = { now: new Date(), siteTimeZone: config().SITE_TIMEZONE };
    const firstPage = { ...query, radius: 25 as const, include_online: true, limit: 40 };
    const { hits } = await searchEvents(db(), firstPage, { ...opts, count: false, fallback: true });
    expect(hits.at(-1)).toMatchObject({ row: { id: elsewhere.id }, fallback: true });
    // Without the fallback (the calendar feed, the weekly email) the empty radius stays empty: online events only.
    const near = await searchEvents(db(), firstPage, { ...opts, count: false, fallback: false });
    expect(near.hits).toHaveLength(30);
    expect(near.hits.every((h) => h.row.isVirtual && !h.fallback)).toBe(true);
    expect(near.total).toBeNull();
  });

  it("answers an empty list when neither the radius nor the state has events", async () => {
    const zip = await createZip();
    const { status, body } = await search({ zip: zip.zip });
    expect(status).toBe(200);
    expect(body.events).toEqual([]);
  });
});

describe("GET /api/events — parameters", () => {
  it("answers 400 with a clear message for an unknown ZIP", async () => {
    const { status, body } = await search({ zip: "00000" });
    expect(status).toBe(400);
    expect(body.error?.message).toBe("We couldn't find ZIP code 00000. Please check it and try again.");
  });

  it.each([
    [{ zip: "9720" }, "ZIP code must be 5 digits or ZIP+4 (12345-6789)"],
    [{ zip: "abcde" }, "ZIP code must be 5 digits or ZIP+4 (12345-6789)"],
    [{ zip: "97201-12" }, "ZIP code must be 5 digits or ZIP+4 (12345-6789)"],
    [{ zip: "97201-12345" }, "ZIP code must be 5 digits or ZIP+4 (12345-6789)"],
    [{ zip: "97201", radius: "7" }, "Radius must be one of 5, 10, 25, 50 or 100 miles"],
    [{ zip: "97201", radius: "far" }, "Radius must be one of 5, 10, 25, 50 or 100 miles"],
    [{ zip: "97201", limit: "0" }, "Limit must be a whole number from 1 to 50"],
    [{ zip: "97201", limit: "51" }, "Limit must be a whole number from 1 to 50"],
    [{ zip: "97201", limit: "2.5" }, "Limit must be a whole number from 1 to 50"],
    [{ zip: "97201", include_online: "yes" }, "include_online must be 'true' or 'false'"],
    [{ zip: "97201", start: "next week" }, "start must be a date (YYYY-MM-DD) or an ISO date-time with a time zone"],
    [{ zip: "97201", end: "2030-02-30" }, "end must be a date (YYYY-MM-DD) or an ISO date-time with a time zone"],
    [
      { zip: "97201", start: "2030-01-01T10:00:00" },
      "start must be a date (YYYY-MM-DD) or an ISO date-time with a time zone",
    ],
    [{ zip: "97201", start: "2030-01-10", end: "2030-01-01" }, "end must be after start"],
  ])("answers 400 for %o", async (params, message) => {
    const { status, body } = await search(params);
    expect(status).toBe(400);
    expect(body.error?.message).toBe(message);
  });

  it("searches a ZIP+4 as its 5-digit ZIP", async () => {
    const zip = await createZip();
    const base = futureBase();
    const near = await createEvent({
      ...northOf(zip.lat, zip.lon, 3),
      state: zip.state,
      startAtUtc: base.toISOString(),
    });
    const five = await search({ zip: zip.zip, radius: "5", ...windowAround(base) });
    const plus4 = await search({ zip: ` ${zip.zip}-6789 `, radius: "5", ...windowAround(base) });
    expect(plus4.status).toBe(200);
    expect(plus4.body.events.map((e) => e.id)).toContain(near.id);
    expect(plus4.body).toEqual(five.body);
    // An unknown ZIP+4 is named by its 5-digit ZIP.
    const unknown = await search({ zip: "00000-1234" });
    expect(unknown.body.error?.message).toBe("We couldn't find ZIP code 00000. Please check it and try again.");
  });

  it("without a ZIP lists upcoming events anywhere, without distances", async () => {
    const base = futureBase();
    const a = await createEvent({ lat: 10, lon: 10, startAtUtc: base.toISOString() });
    const { status, body } = await search(windowAround(base));
    expect(status).toBe(200);
    expect(body.events.map((e) => e.id)).toContain(a.id);
    expect(body.events.find((e) => e.id === a.id)?.distance_miles).toBeNull();
  });
});
