import { and, asc, between, eq, gt, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { events, zipCodes } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { badRequest } from "../../platform/errors";
import { addDays, isValidTimeZone, localToUtc } from "../../platform/zoned-time";
import { boundingBox, haversineMiles } from "./geo";
import type { EventResult, SearchQuery } from "./schemas";

/**
 * "Ongoing" reaches back this far: an event that started earlier is not listed even if its end
 * is still ahead. It keeps every query a bounded index range on start time (see decision 041).
 */
export const MAX_ONGOING_DAYS = 31;
/** Rows fetched per round of the radius query; most rounds are the only one. */
const CHUNK_EXTRA = 25;
const MAX_ROUNDS = 8;

const columns = {
  id: events.id,
  title: events.title,
  description: events.description,
  venueName: events.venueName,
  address: events.address,
  category: events.category,
  city: events.city,
  state: events.state,
  startAtUtc: events.startAtUtc,
  endAtUtc: events.endAtUtc,
  allDay: events.allDay,
  endTimeUnknown: events.endTimeUnknown,
  timeZone: events.timeZone,
  registrationUrl: events.registrationUrl,
  imageUrl: events.imageUrl,
  isVirtual: events.isVirtual,
  lat: events.lat,
  lon: events.lon,
};
/** A selected row: the table's own types for the columns above. */
type Row = Pick<typeof events.$inferSelect, keyof typeof columns>;
export type Hit = { row: Row; distance: number | null; fallback: boolean };

export type TimeWindow = { from: string; to: string | null; earliestStart: string };

/**
 * The time frame as UTC bounds. A plain date is a whole day in SITE_TIMEZONE (an end date is
 * inclusive); a date-time is exact. Never earlier than now: only future or ongoing events.
 */
export function timeWindow(q: Pick<SearchQuery, "start" | "end">, now: Date, siteTimeZone: string): TimeWindow {
  const isDay = (v: string) => v.length === 10;
  const startMs = q.start ? (isDay(q.start) ? localToUtc(q.start, undefined, siteTimeZone) : new Date(q.start)) : now;
  const from = new Date(Math.max(startMs.getTime(), now.getTime()));
  const to = q.end ? (isDay(q.end) ? localToUtc(addDays(q.end, 1), undefined, siteTimeZone) : new Date(q.end)) : null;
  if (to && to.getTime() <= startMs.getTime()) throw badRequest("end must be after start");
  const earliestStart = new Date(from.getTime() - MAX_ONGOING_DAYS * 86_400_000);
  return { from: from.toISOString(), to: to?.toISOString() ?? null, earliestStart: earliestStart.toISOString() };
}

/** Approved, overlapping the window. The unary `+` keeps these columns out of index selection. */
function liveInWindow(w: TimeWindow): SQL[] {
  const conditions = [
    sql`+${events.status} = 'approved'`,
    sql`+${events.startAtUtc} >= ${w.earliestStart}`,
    sql`coalesce(${events.endAtUtc}, ${events.startAtUtc}) >= ${w.from}`,
  ];
  if (w.to) conditions.push(sql`+${events.startAtUtc} < ${w.to}`);
  return conditions;
}

export type Centroid = { zip: string; lat: number; lon: number; state: string };

export async function findCentroid(db: Db, zip: string): Promise<Centroid> {
  const [row] = await db
    .select({ zip: zipCodes.zip, lat: zipCodes.lat, lon: zipCodes.lon, state: zipCodes.state })
    .from(zipCodes)
    .where(eq(zipCodes.zip, zip))
    .limit(1);
  if (!row) throw badRequest(`We couldn't find ZIP code ${zip}. Please check it and try again.`, "unknown_zip");
  return row;
}

/**
 * One chunk of in-person events near a centroid, in start order. The range on the (lat, lon)
 * index bounds the rows read; a flat-earth distance test in SQL drops the box's corners
 * (arithmetic only, so any SQLite runs it) with a margin; the exact distance is applied after.
 */
export function radiusQuery(
  db: Db,
  c: Centroid,
  radius: number,
  w: TimeWindow,
  chunk: number,
  cursor: { start: string; id: string } | null,
) {
  const box = boundingBox(c.lat, c.lon, radius);
  // The smallest cosine in the box under-states east-west distances, so the SQL test never drops
  // a point that the exact test would keep; 69.0 miles per degree (< 69.09) and 1% add margin.
  const cosLat = Math.cos((Math.max(Math.abs(box.minLat), Math.abs(box.maxLat)) * Math.PI) / 180);
  const degrees = (radius * 1.01 + 0.1) / 69.0;
  return db
    .select(columns)
    .from(events)
    .where(
      and(
        between(events.lat, box.minLat, box.maxLat),
        between(events.lon, box.minLon, box.maxLon),
        sql`(${events.lat} - ${c.lat}) * (${events.lat} - ${c.lat}) + ((${events.lon} - ${c.lon}) * ${cosLat}) * ((${events.lon} - ${c.lon}) * ${cosLat}) <= ${degrees * degrees}`,
        sql`+${events.isVirtual} = 0`,
        ...liveInWindow(w),
        cursor
          ? or(gt(events.startAtUtc, cursor.start), and(eq(events.startAtUtc, cursor.start), gt(events.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(asc(events.startAtUtc), asc(events.id))
    .limit(chunk);
}

/**
 * In-person events within the radius (exact haversine). Chunks are read in start order until
 * `limit` hits are known to be complete, ties on the last start time included.
 */
async function withinRadius(db: Db, c: Centroid, radius: number, w: TimeWindow, limit: number): Promise<Hit[]> {
  const chunk = limit + CHUNK_EXTRA;
  const hits: Hit[] = [];
  let cursor: { start: string; id: string } | null = null;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const rows: Row[] = await radiusQuery(db, c, radius, w, chunk, cursor);
    for (const row of rows) {
      const distance = haversineMiles(c.lat, c.lon, row.lat as number, row.lon as number);
      if (distance <= radius) hits.push({ row, distance, fallback: false });
    }
    const last = rows.at(-1);
    if (rows.length < chunk || !last) break;
    cursor = { start: last.startAtUtc, id: last.id };
    const boundary = cursor.start;
    if (hits.filter((h) => h.row.startAtUtc < boundary).length >= limit) break;
  }
  return hits;
}

/** Statewide in-person events, for when nothing is within the radius. Uses (state, start). */
async function statewide(db: Db, c: Centroid, w: TimeWindow, limit: number): Promise<Hit[]> {
  const rows: Row[] = await db
    .select(columns)
    .from(events)
    .where(and(eq(events.state, c.state), sql`+${events.isVirtual} = 0`, ...liveInWindow(w)))
    .orderBy(asc(events.startAtUtc), asc(events.id))
    .limit(limit);
  return rows.map((row) => ({
    row,
    distance: row.lat !== null && row.lon !== null ? haversineMiles(c.lat, c.lon, row.lat, row.lon) : null,
    fallback: true,
  }));
}

/** Online events, or (with no ZIP) every upcoming event; both walk (is_virtual, start). */
async function byStart(db: Db, w: TimeWindow, limit: number, virtual: boolean): Promise<Hit[]> {
  const rows: Row[] = await db
    .select(columns)
    .from(events)
    .where(
      and(
        eq(events.isVirtual, virtual),
        sql`+${events.status} = 'approved'`,
        gte(events.startAtUtc, w.earliestStart),
        w.to ? lt(events.startAtUtc, w.to) : undefined,
        sql`coalesce(${events.endAtUtc}, ${events.startAtUtc}) >= ${w.from}`,
      ),
    )
    .orderBy(asc(events.startAtUtc), asc(events.id))
    .limit(limit);
  return rows.map((row) => ({ row, distance: null, fallback: false }));
}

const byStartThenDistance = (a: Hit, b: Hit) =>
  a.row.startAtUtc.localeCompare(b.row.startAtUtc) ||
  (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY) ||
  a.row.id.localeCompare(b.row.id);

export function toEventResult(h: Hit): EventResult {
  const r = h.row;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    venue_name: r.venueName,
    category: r.category,
    city: r.city,
    state: r.state,
    start_time: r.startAtUtc,
    end_time: r.endAtUtc,
    all_day: r.allDay,
    end_time_unknown: r.endTimeUnknown,
    time_zone: !r.isVirtual && r.timeZone && isValidTimeZone(r.timeZone) ? r.timeZone : null,
    registration_url: r.registrationUrl,
    image_url: r.imageUrl,
    is_virtual: r.isVirtual,
    distance_miles: h.distance === null ? null : Math.round(h.distance * 10) / 10,
    is_fallback: h.fallback,
  };
}

/** The search as rows (the calendar feed writes columns the API's Event leaves out, such as the address). */
export async function searchHits(db: Db, q: SearchQuery, opts: { now: Date; siteTimeZone: string }): Promise<Hit[]> {
  const w = timeWindow(q, opts.now, opts.siteTimeZone);
  let hits: Hit[];
  if (q.zip) {
    const centroid = await findCentroid(db, q.zip);
    hits = await withinRadius(db, centroid, q.radius, w, q.limit);
    if (hits.length === 0) hits = await statewide(db, centroid, w, q.limit);
  } else {
    hits = await byStart(db, w, q.limit, false);
  }
  if (q.include_online) hits = hits.concat(await byStart(db, w, q.limit, true));
  return hits.sort(byStartThenDistance).slice(0, q.limit);
}

export async function searchEvents(
  db: Db,
  q: SearchQuery,
  opts: { now: Date; siteTimeZone: string },
): Promise<EventResult[]> {
  return (await searchHits(db, q, opts)).map(toEventResult);
}
