import { env } from "cloudflare:workers";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { RADIUS_OPTIONS } from "#contract/events/constants";
import { dayInZone, localToUtc } from "#contract/platform/zoned-time";
import { EVENT_CATEGORIES } from "../../db/schema";
import { keyedStatement } from "../../worker/features/events/search/keyed";
import type { Filters } from "../../worker/features/events/search/model";
import { countsQuery, wholeRows } from "../../worker/features/events/search/sql";
import {
  anywhereStream,
  mergeStreams,
  onlineStream,
  radiusQuery,
  radiusStream,
  statewideStream,
} from "../../worker/features/events/search/streams";
import { timeWindow } from "../../worker/features/events/search/window";
import { futureBase, hoursAfter, northOf } from "./events-support";
import { api, db } from "./helpers";
import { createEvent, createZip } from "./support/factories";

describe("GET /api/events/nearest-zip", () => {
  it("finds the ZIP with the nearest centroid", async () => {
    const zip = await createZip();
    const other = await createZip({ ...northOf(zip.lat, zip.lon, 3) });
    const point = northOf(zip.lat, zip.lon, 1);
    const res = await api(`/api/events/nearest-zip?lat=${point.lat}&lon=${point.lon}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ zip: zip.zip, state: zip.state });
    expect(other.zip).not.toBe(zip.zip);
  });

  it("answers 404 far from any ZIP and 400 for bad coordinates", async () => {
    expect((await api("/api/events/nearest-zip?lat=-89.9&lon=0")).status).toBe(404);
    const bad = await api("/api/events/nearest-zip?lat=91&lon=0");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: "lat must be a latitude between -90 and 90" } });
  });
});

describe("GET /api/events/:id.ics", () => {
  it("downloads an approved event as an iCalendar file", async () => {
    const base = futureBase();
    const e = await createEvent({
      title: "Beach Cleanup; Bring Gloves, Please",
      description: "Meet at the pier.\nWe supply bags.",
      startAtUtc: base.toISOString(),
      endAtUtc: hoursAfter(base, 2).toISOString(),
      city: "Portland",
      state: "OR",
    });
    const res = await api(`/api/events/${e.id}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="beach-cleanup-bring-gloves-please.ics"');
    const body = await res.text();
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain(`DTSTART:${stamp(base)}`);
    expect(body).toContain(`DTEND:${stamp(hoursAfter(base, 2))}`);
    expect(body).toContain("SUMMARY:Beach Cleanup\\; Bring Gloves\\, Please");
    expect(body).toContain("\r\n");
  });

  it("writes all-day events as dates and hides unapproved ones", async () => {
    const tz = "America/New_York";
    const day = dayInZone(futureBase(), tz);
    const allDay = await createEvent({
      allDay: true,
      startAtUtc: localToUtc(day, "00:00", tz).toISOString(),
      endAtUtc: localToUtc(nextDay(day), "00:00", tz).toISOString(),
    });
    const body = await (await api(`/api/events/${allDay.id}.ics`)).text();
    expect(body).toContain(`DTSTART;VALUE=DATE:${day.replace(/-/g, "")}`);
    expect(body).toContain(`DTEND;VALUE=DATE:${nextDay(day).replace(/-/g, "")}`);

    const pending = await createEvent({ status: "pending", startAtUtc: futureBase().toISOString() });
    expect((await api(`/api/events/${pending.id}.ics`)).status).toBe(404);
    expect((await api("/api/events/not-an-id.ics")).status).toBe(404);
  });
});

function nextDay(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe("search query plans", () => {
  /** A drizzle query's SQL text and parameters. */
  const rendered = (query: unknown) => (query as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
  const plan = async (query: unknown) => {
    const { sql, params } = rendered(query);
    const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return rows.results.map((r) => r.detail).join("\n");
  };

  const w = timeWindow({}, new Date(), "America/Los_Angeles");
  const centroid = { zip: "00000", lat: 45.5, lon: -122.7, state: "OR" };
  const position = { from: w.from, after: { start: w.from, id: "x" } };
  const filterSets = [
    { category: [], q: undefined },
    { category: ["cleanup", "wildlife"], q: "river birds" },
  ];

  it("picks the radius search's candidates from a covering (lat, lon, …) index alone, keyword included", async () => {
    for (const filters of filterSets) {
      // With a keyword, the index that also holds the keyword text; without one, the narrow index (the
      // text one is partial on a term only keyword searches state, migration 0012).
      const index = filters.q ? "events_geo_text_idx" : "events_geo_idx";
      const stream = radiusStream(db(), centroid, 25, w, filters);
      const rows = await plan(radiusQuery(db(), centroid, 25, w, filters, position, 45));
      // The candidates' keys: a range of the covering index, no table row (the page's rows are read by id after).
      // One latitude range per band of longitude the box spans (migration 0013).
      const candidates = new RegExp(
        `SEARCH events USING COVERING INDEX ${index} \\(<expr>=\\? AND lat>\\? AND lat<\\?\\)`,
      );
      expect(rows).toMatch(candidates);
      expect(rows).not.toMatch(/SCAN events(?! USING)/);
      expect(await plan(countsQuery(db(), stream.counts))).toMatch(candidates);
    }
  });

  it("reads a first round's whole rows by id, after merging the streams' keys from their covering indexes", async () => {
    for (const filters of filterSets) {
      const index = filters.q ? "events_geo_text_idx" : "events_geo_idx";
      const merged = mergeStreams(db(), radiusStream(db(), centroid, 25, w, filters), onlineStream(db(), w, filters));
      const rows = await plan(wholeRows(db(), merged.keys(position, 45)));
      expect(rows).toMatch(
        new RegExp(`SEARCH events USING COVERING INDEX ${index} \\(<expr>=\\? AND lat>\\? AND lat<\\?\\)`),
      );
      expect(rows).toContain("USING COVERING INDEX events_online_start_idx (start_at_utc>?");
      expect(rows).toMatch(/SEARCH events USING INDEX sqlite_autoindex_events_1 \(id=\?\)/);
      expect(rows).not.toMatch(/SCAN events(?! USING)/);
    }
  });

  it("reads a keyword search's keys in one scan, materialised, and the first rows by id", async () => {
    const filters = filterSets[1] as Filters;
    const streams = [radiusStream(db(), centroid, 25, w, filters), onlineStream(db(), w, filters)];
    const { sql, params } = new SQLiteAsyncDialect().sqlToQuery(keyedStatement(db(), streams, w.from, 45));
    const rows = await plan({ toSQL: () => ({ sql, params }) });
    // Without the hint, SQLite ran the union of the keyword scans once for the keys and again for the rows.
    expect(rows).toContain("MATERIALIZE k");
    expect(rows.match(/USING COVERING INDEX events_geo_text_idx \(<expr>=\? AND lat>\? AND lat<\?\)/g)).toHaveLength(1);
    expect(rows.match(/USING COVERING INDEX events_online_start_idx/g)).toHaveLength(1);
    expect(rows).toMatch(/SEARCH events USING INDEX sqlite_autoindex_events_1 \(id=\?\)/);
  });

  it("binds at most 100 parameters (D1's limit) in every statement of the widest search", async () => {
    // The northernmost ZIP, where 100 miles span the most bands of longitude, with every filter and a cursor.
    const north = { zip: "99723", lat: 71.29, lon: -156.79, state: "AK" };
    const filters = { category: [...EVENT_CATEGORIES], q: "one two three four five" };
    const wide = timeWindow({ end: "2099-12-31" }, new Date(), "America/Anchorage");
    const cursor = { from: wide.from, after: { start: wide.from, id: "x" } };
    const radius = radiusStream(db(), north, Math.max(...RADIUS_OPTIONS), wide, filters);
    const online = onlineStream(db(), wide, filters);
    const statewide = mergeStreams(db(), statewideStream(db(), north, wide, filters), online);
    const merged = mergeStreams(db(), radius, online);
    const keyed = new SQLiteAsyncDialect().sqlToQuery(keyedStatement(db(), [radius, online], wide.from, 76));
    const statements = [
      rendered(wholeRows(db(), merged.keys(cursor, 76))),
      rendered(merged.keys(cursor, 152)),
      rendered(countsQuery(db(), merged.counts)),
      rendered(wholeRows(db(), statewide.keys(cursor, 76))),
      rendered(countsQuery(db(), statewide.counts)),
      keyed,
    ];
    for (const { sql, params } of statements) {
      expect(params.length).toBeLessThanOrEqual(100);
      // Valid SQL with the numbers written in.
      await env.DB.prepare(sql)
        .bind(...params)
        .all();
    }
  });

  it("gets the count's ring coordinates back from SQLite exactly", async () => {
    const values = [45.50780000000001, -122.68970000000002, 0.1 + 0.2, 1 / 3, -89.99999999999997, 1e-7];
    for (const v of values) {
      const row = await env.DB.prepare("select printf('%!.17g', ?) as t").bind(v).first<{ t: string }>();
      expect(Number(row?.t)).toBe(v);
    }
  });

  it("counts statewide and online events from their covering indexes, keyword included", async () => {
    for (const filters of filterSets) {
      const state = statewideStream(db(), centroid, w, filters);
      expect(await plan(state.keys(position, 45))).toContain("USING INDEX events_state_start_idx (state=? AND");
      expect(await plan(countsQuery(db(), state.counts))).toContain(
        "USING COVERING INDEX events_state_start_idx (state=? AND",
      );
      const online = onlineStream(db(), w, filters);
      expect(await plan(online.keys(position, 45))).toContain(
        "USING COVERING INDEX events_online_start_idx (start_at_utc>?",
      );
      expect(await plan(countsQuery(db(), online.counts))).toContain(
        "USING COVERING INDEX events_online_start_idx (start_at_utc>?",
      );
    }
    const anywhere = anywhereStream(db(), w, filterSets[0] as Filters);
    expect(await plan(countsQuery(db(), anywhere.counts))).toContain(
      "USING COVERING INDEX events_in_person_start_idx (start_at_utc>?",
    );
  });
});
