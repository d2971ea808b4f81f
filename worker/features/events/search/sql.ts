// The SQL tuning of the search: how its terms are written so that SQLite picks the covering indexes
// (unary `+`, literal 0/1, the partial index's term, the index's own expressions), and how D1's limits are
// kept (numbers as literals). What the search reads, and in what order, is in streams.ts and rounds.ts.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { events, keywordText, lonBand } from "../../../../db/schema";
import type { Db } from "../../../platform/db";
import { containsText } from "../../../platform/sql-text";
import { type FlatCircle, flatCircles, lonBands } from "../geo";
import { type Centroid, type Counts, type Filters, type KeysQuery, type Position, type Row, TOTAL_CAP } from "./model";

/** At most this many words of the keyword are matched. */
const MAX_KEYWORD_WORDS = 5;

/** The columns a search reads of an event: exactly `Row`'s. */
export const columns = {
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
} satisfies Record<keyof Row, SQLiteColumn>;

export const keyColumns = {
  id: events.id,
  startAtUtc: events.startAtUtc,
  lat: events.lat,
  lon: events.lon,
  isVirtual: events.isVirtual,
};
/**
 * Online events and the no-ZIP list have no distance: leaving the coordinates out lets their index cover
 * the read. The names keep the columns of a merged round (decision 176) the same whichever stream is first.
 */
export const unplacedKeyColumns = {
  ...keyColumns,
  lat: sql<null>`null`.as("lat"),
  lon: sql<null>`null`.as("lon"),
};
/** The key columns of a merged round, read back by name from the union of the streams' rounds. */
export const mergedKeyColumns = {
  id: sql<string>`"id"`,
  startAtUtc: sql<string>`"start_at_utc"`,
  lat: sql<number | null>`"lat"`,
  lon: sql<number | null>`"lon"`,
  isVirtual: sql<boolean>`"is_virtual"`.mapWith(Boolean),
};

/**
 * A number the Worker computed (a centroid, a box's bounds, a band, a cap), written into the SQL rather
 * than bound: D1 binds at most 100 parameters a statement, and the counts repeat the place's terms three
 * times (a worker test checks the worst case). Strings from the request (dates, categories, keyword
 * words) stay bound.
 */
export function literal(n: number): SQL {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return sql.raw(String(n));
}

/**
 * An event's one-degree band of longitude (null online). The geo indexes lead with the schema's same
 * expression (migration 0013), so a box is read as one latitude range per band it spans, not as a band of
 * latitude across the whole country (a worker test checks the plans).
 */
const LON_BAND = lonBand(events);

/**
 * The text a keyword is matched in: title, venue, address, city and description. The search indexes hold
 * the same expression (the schema's, migration 0010), so matching it reads no table row; a migration
 * that changes it must rebuild those indexes (a worker test checks the plans).
 */
const KEYWORD_TEXT = keywordText(events);

/** The keyword's distinct words (each must appear, in any ASCII case; `%`, `_` and `\` are literal). */
export function keywordWords(q: string | undefined): string[] {
  const words = (q ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_KEYWORD_WORDS);
}

/** The start time as a term: indexed, or kept out of index selection with a unary `+`. */
const startTerm = (indexed: boolean) => (indexed ? sql`${events.startAtUtc}` : sql`+${events.startAtUtc}`);

/**
 * Listed (approved, or cancelled: shown with its badge, decision 200), overlapping the window. `indexedStart` lets the start bound select an index (statewide
 * and online walk (state | is_virtual, start)); the radius query keeps it, like `status`, out of index
 * selection with a unary `+`, so the planner ranges over the geo index (decision 041).
 */
export function liveInWindow(
  w: { from: string; to: string | null; earliestStart: string },
  indexedStart: boolean,
): SQL[] {
  const start = startTerm(indexedStart);
  const conditions = [
    sql`+${events.status} in ('approved', 'cancelled')`,
    sql`${start} >= ${w.earliestStart}`,
    sql`coalesce(${events.endAtUtc}, ${events.startAtUtc}) >= ${w.from}`,
  ];
  if (w.to) conditions.push(sql`${start} < ${w.to}`);
  return conditions;
}

/**
 * Category and keyword, checked on the entries the place (box, state) or the online list has already
 * narrowed, from the covering indexes alone (decision 162). Every word must appear.
 */
export function filterTerms(f: Filters): SQL[] {
  const terms: SQL[] = [];
  if (f.category.length > 0) {
    terms.push(
      sql`${events.category} in (${sql.join(
        f.category.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  }
  const words = keywordWords(f.q);
  // True of every event (ids are never blank); the geo index with the keyword text is partial on it
  // (migration 0012), so SQLite takes that index for keyword searches and the narrow one otherwise.
  if (words.length > 0) terms.push(sql`${events.id} <> ''`);
  for (const word of words) terms.push(containsText(KEYWORD_TEXT, word));
  return terms;
}

/** A round's position as terms (the start bound indexed or not, as in `liveInWindow`). */
export function positionTerms(p: Position, indexedStart: boolean): SQL[] {
  const start = startTerm(indexedStart);
  const terms: SQL[] = [];
  if (p.from) terms.push(sql`${start} >= ${p.from}`);
  if (p.after) terms.push(sql`(${events.startAtUtc}, ${events.id}) > (${p.after.start}, ${p.after.id})`);
  return terms;
}

/**
 * Online or in-person: the literal 0/1, not a bound parameter, is what lets SQLite see that a partial
 * index's WHERE holds (each of the by-start streams walks its own partial index).
 */
export const isVirtualIs = (virtual: boolean) => sql`${events.isVirtual} = ${sql.raw(virtual ? "1" : "0")}`;
/** In person, kept out of index selection (the radius and statewide streams range over their own index). */
export const IN_PERSON = sql`+${events.isVirtual} = 0`;

/** The box and the two flat circle tests of `flatCircles` as SQL over the events' lat/lon. */
export function circleTests(c: Centroid, radius: number) {
  const { box, outer, inner } = flatCircles(c.lat, c.lon, radius);
  const [lat0, lon0] = [literal(c.lat), literal(c.lon)];
  const test = ({ cos, degrees }: FlatCircle) => {
    const [k, r2] = [literal(cos), literal(degrees * degrees)];
    return sql`(${events.lat} - ${lat0}) * (${events.lat} - ${lat0}) + ((${events.lon} - ${lon0}) * ${k}) * ((${events.lon} - ${lon0}) * ${k}) <= ${r2}`;
  };
  const bands = sql.join(lonBands(box.minLon, box.maxLon).map(literal), sql`, `);
  return {
    box: sql`(${LON_BAND} in (${bands}) and ${events.lat} between ${literal(box.minLat)} and ${literal(box.maxLat)} and ${events.lon} between ${literal(box.minLon)} and ${literal(box.maxLon)})`,
    outer: test(outer),
    inner: test(inner),
  };
}

/** How many rows match, counting at most TOTAL_CAP + 1 (an index-only walk when no keyword is given). */
export const cappedCount = (where: SQL | undefined) =>
  sql<number>`(select count(*) from (select 1 from ${events} where ${where} limit ${literal(TOTAL_CAP + 1)}))`;

/**
 * The ring of the radius count (decision 173): the exact coordinates of the entries between the inner and
 * the outer circle, for the haversine test in code ('%!.17g': 17 significant digits round-trip a double;
 * the '!' lifts SQLite's limit of 16), read only when `inside` is at most TOTAL_CAP. That condition is
 * constant, so SQLite checks it once, before its scan.
 */
export const ringPoints = (inside: SQL, outsideInner: SQL | undefined) =>
  sql<string | null>`(select group_concat(printf('%!.17g %!.17g', ${events.lat}, ${events.lon}), ';')
    from ${events} where ${inside} <= ${literal(TOTAL_CAP)} and ${outsideInner})`;

/** Whole rows whose ids a subquery gives, in no order. */
export const rowsWithIdIn = (db: Db, ids: SQL) => db.select(columns).from(events).where(sql`${events.id} in ${ids}`);

/** The whole rows of a round's keys, in no order. */
export const wholeRows = (db: Db, keys: KeysQuery) => rowsWithIdIn(db, sql`(select "id" from ${keys})`);

/** All of a search's counts as one statement: one row of scalar subqueries, by name (a D1 batch needs a FROM). */
export const countsQuery = (db: Db, counts: Counts) => db.select({ ...counts }).from(sql`(select 1)`);
