import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { EventResult, SearchQuery, SearchResponse } from "#contract/events/schemas";
import { addDays, isValidTimeZone, localToUtc } from "#contract/platform/zoned-time";
import { events, keywordText, lonBand, zipCodes } from "../../../db/schema";
import { decodeCursor, encodeCursor, isKeyString } from "../../platform/cursor";
import type { Db } from "../../platform/db";
import { badRequest } from "../../platform/errors";
import { containsText } from "../../platform/sql-text";
import { type FlatCircle, flatCircles, haversineMiles, lonBands } from "./geo";

/**
 * "Ongoing" reaches back this far: an event that started earlier is not listed even if its end
 * is still ahead. It keeps every query a bounded index range on start time (see decision 041).
 */
export const MAX_ONGOING_DAYS = 31;
/** Rows a stream reads beyond what the page needs in its first round (the radius test drops a few). */
const CHUNK_EXTRA = 25;
/** `total` is exact up to this many events; above it the answer says "more than" (decision 162). */
export const TOTAL_CAP = 1000;
/** A `keys` query reads at most this many: enough to count up to TOTAL_CAP and see that there are more. */
const KEYS_CAP = TOTAL_CAP + 1;
/** At most this many words of the keyword are matched. */
const MAX_KEYWORD_WORDS = 5;

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
/** Where a hit is: its distance from the ZIP (null when unknown or online), and whether it is a statewide fallback. */
type Place = { distance: number | null; fallback: boolean };
export type Hit = Place & { row: Row };
/** What a stream reads of a match: enough to place it, order it and page. */
type KeyRow = Pick<Row, "id" | "startAtUtc" | "lat" | "lon" | "isVirtual">;
const keyColumns = {
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
const unplacedKeyColumns = {
  ...keyColumns,
  lat: sql<null>`null`.as("lat"),
  lon: sql<null>`null`.as("lon"),
};
/** The key columns of a merged round, read back by name from the union of the streams' rounds. */
const mergedKeyColumns = {
  id: sql<string>`"id"`,
  startAtUtc: sql<string>`"start_at_utc"`,
  lat: sql<number | null>`"lat"`,
  lon: sql<number | null>`"lon"`,
  isVirtual: sql<boolean>`"is_virtual"`.mapWith(Boolean),
};
/** A match before its row is read. */
type Found = { key: KeyRow; place: Place };

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

/**
 * Approved, overlapping the window. `indexedStart` lets the start bound select an index (statewide
 * and online walk (state | is_virtual, start)); the radius query keeps it, like `status`, out of index
 * selection with a unary `+`, so the planner ranges over the geo index (decision 041).
 */
function liveInWindow(w: TimeWindow, indexedStart: boolean): SQL[] {
  const start = indexedStart ? sql`${events.startAtUtc}` : sql`+${events.startAtUtc}`;
  const conditions = [
    sql`+${events.status} = 'approved'`,
    sql`${start} >= ${w.earliestStart}`,
    sql`coalesce(${events.endAtUtc}, ${events.startAtUtc}) >= ${w.from}`,
  ];
  if (w.to) conditions.push(sql`${start} < ${w.to}`);
  return conditions;
}

/** The filters that narrow every stream of a search. */
export type Filters = { category: readonly string[]; q: string | undefined };

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

/**
 * Category and keyword, checked on the entries the place (box, state) or the online list has already
 * narrowed, from the covering indexes alone (decision 162). Every word must appear.
 */
function filterTerms(f: Filters): SQL[] {
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

/** Where a stream's next round starts: at the cursor's start time, then after the last row read. */
type Position = { from: string | null; after: { start: string; id: string } | null };

function positionTerms(p: Position, indexedStart: boolean): SQL[] {
  const start = indexedStart ? sql`${events.startAtUtc}` : sql`+${events.startAtUtc}`;
  const terms: SQL[] = [];
  if (p.from) terms.push(sql`${start} >= ${p.from}`);
  if (p.after) terms.push(sql`(${events.startAtUtc}, ${events.id}) > (${p.after.start}, ${p.after.id})`);
  return terms;
}

export type Centroid = { zip: string; lat: number; lon: number; state: string };

/**
 * ZIP centroids are reference data (seeded, never written by the Worker), so each isolate keeps the ones
 * it has looked up: a visitor's filters, pages and "show more" all repeat one ZIP, and without the memo
 * every search spends a D1 round trip on it before its own queries can start. Unknown ZIPs are not kept.
 */
const centroids = new Map<string, Centroid>();
const CENTROIDS_KEPT = 5000;

export async function findCentroid(db: Db, zip: string): Promise<Centroid> {
  const known = centroids.get(zip);
  if (known) return known;
  const row = await readCentroid(db, zip);
  if (centroids.size >= CENTROIDS_KEPT) centroids.delete(centroids.keys().next().value as string);
  centroids.set(zip, row);
  return row;
}

async function readCentroid(db: Db, zip: string): Promise<Centroid> {
  const [row] = await db
    .select({ zip: zipCodes.zip, lat: zipCodes.lat, lon: zipCodes.lon, state: zipCodes.state })
    .from(zipCodes)
    .where(eq(zipCodes.zip, zip))
    .limit(1);
  if (!row) throw badRequest(`We couldn't find ZIP code ${zip}. Please check it and try again.`, "unknown_zip");
  return row;
}

/**
 * A number the Worker computed (a centroid, a box's bounds, a band, a cap), written into the SQL rather
 * than bound: D1 binds at most 100 parameters a statement, and the counts repeat the place's terms three
 * times (a worker test checks the worst case). Strings from the request (dates, categories, keyword
 * words) stay bound.
 */
function literal(n: number): SQL {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return sql.raw(String(n));
}

/**
 * An event's one-degree band of longitude (null online). The geo indexes lead with the schema's same
 * expression (migration 0013), so a box is read as one latitude range per band it spans, not as a band of
 * latitude across the whole country (a worker test checks the plans).
 */
const LON_BAND = lonBand(events);

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

/**
 * One round of in-person events' keys near a centroid, in (start, id) order, from the covering
 * (band, lat, lon, …) index alone: the box's ranges bound what is read, the outer circle test drops the box's
 * corners, and status, time, category and the sort need no table row (migration 0010). The exact
 * distance is applied after.
 */
export function radiusQuery(
  db: Db,
  c: Centroid,
  radius: number,
  w: TimeWindow,
  f: Filters,
  p: Position,
  limit: number,
) {
  const { box, outer } = circleTests(c, radius);
  return db
    .select(keyColumns)
    .from(events)
    .where(
      and(
        box,
        outer,
        sql`+${events.isVirtual} = 0`,
        ...liveInWindow(w, false),
        ...positionTerms(p, false),
        ...filterTerms(f),
      ),
    )
    .orderBy(asc(events.startAtUtc), asc(events.id))
    .limit(limit);
}

/** How many rows match, counting at most TOTAL_CAP + 1 (an index-only walk when no keyword is given). */
const cappedCount = (where: SQL | undefined) =>
  sql<number>`(select count(*) from (select 1 from ${events} where ${where} limit ${literal(TOTAL_CAP + 1)}))`;

type Query = BatchItem<"sqlite">;
/** A round's query: a select of key rows (or, in a first round, of whole rows). */
type KeysQuery = Query & SQLWrapper;

/**
 * A stream of hits in the search's order: keys in (start, id) order from one index, placed as hits
 * (or dropped) in code, and the scalar subqueries that count every hit of the stream.
 */
type Stream = {
  /** A round of the matches' keys after `p`, in (start, id) order: at most `limit` of them. */
  keys(p: Position, limit: number): KeysQuery;
  /** Where a match is, or null when it is no hit (outside the radius). */
  place(row: KeyRow): Place | null;
  counts: SQL[];
  /** The stream's total from its counts' values, in their order. */
  total(values: unknown[]): number;
};

/** Every match, from the start. */
const FROM_START: Position = { from: null, after: null };

/**
 * The radius count. Entries inside `inner` are within the radius for sure and are only counted, at
 * most TOTAL_CAP + 1 of them, so in a dense place the scan stops early; only when there are fewer
 * does the thin ring between `inner` and `outer` come back, as exact coordinates for the haversine
 * test in code ('%!.17g': 17 significant digits round-trip a double; the '!' lifts SQLite's limit of
 * 16). The ring's condition on the inner count is constant, so SQLite checks it once, before its scan.
 */
function radiusCount(matching: SQL | undefined, inner: SQL): SQL[] {
  const inside = cappedCount(and(matching, inner));
  const ring = sql<string | null>`(select group_concat(printf('%!.17g %!.17g', ${events.lat}, ${events.lon}), ';')
    from ${events} where ${inside} <= ${literal(TOTAL_CAP)} and ${and(matching, sql`not (${inner})`)})`;
  return [inside, ring];
}

export function radiusStream(db: Db, c: Centroid, radius: number, w: TimeWindow, f: Filters): Stream {
  const { box, outer, inner } = circleTests(c, radius);
  // The keyword's LIKE last: the arithmetic tests are cheaper and drop most entries first.
  const common = [box, sql`+${events.isVirtual} = 0`, ...liveInWindow(w, false)];
  const filters = filterTerms(f);
  const within = (lat: number, lon: number) => haversineMiles(c.lat, c.lon, lat, lon);
  return {
    keys: (p, limit) => radiusQuery(db, c, radius, w, f, p, limit),
    place: (row) => {
      const distance = within(row.lat as number, row.lon as number);
      return distance <= radius ? { distance, fallback: false } : null;
    },
    counts: radiusCount(and(...common, outer, ...filters), inner),
    total: ([inside, ring]) => {
      const ringHits = (typeof ring === "string" ? ring.split(";") : []).filter((point) => {
        const [lat, lon] = point.split(" ").map(Number) as [number, number];
        return within(lat, lon) <= radius;
      });
      return Number(inside ?? 0) + ringHits.length;
    },
  };
}

/** Statewide in-person events, for when nothing is within the radius: walks (state, start, id). */
export function statewideStream(db: Db, c: Centroid, w: TimeWindow, f: Filters): Stream {
  const where = [eq(events.state, c.state), sql`+${events.isVirtual} = 0`, ...liveInWindow(w, true), ...filterTerms(f)];
  return {
    keys: (p, limit) =>
      db
        .select(keyColumns)
        .from(events)
        .where(and(...where, ...positionTerms(p, true)))
        .orderBy(asc(events.startAtUtc), asc(events.id))
        .limit(limit),
    place: (row) => ({
      distance: row.lat !== null && row.lon !== null ? haversineMiles(c.lat, c.lon, row.lat, row.lon) : null,
      fallback: true,
    }),
    counts: [cappedCount(and(...where))],
    total: ([n]) => Number(n ?? 0),
  };
}

/**
 * Online events, or (with no ZIP) every upcoming in-person event, in start order. Each walks its own
 * partial index (online ones with the keyword text): the literal 0/1, not a bound parameter, is what
 * lets SQLite see that the index's WHERE holds.
 */
export function byStartStream(db: Db, w: TimeWindow, f: Filters, virtual: boolean): Stream {
  const where = [
    sql`${events.isVirtual} = ${sql.raw(virtual ? "1" : "0")}`,
    ...liveInWindow(w, true),
    ...filterTerms(f),
  ];
  return {
    keys: (p, limit) =>
      db
        .select(unplacedKeyColumns)
        .from(events)
        .where(and(...where, ...positionTerms(p, true)))
        .orderBy(asc(events.startAtUtc), asc(events.id))
        .limit(limit),
    place: () => ({ distance: null, fallback: false }),
    counts: [cappedCount(and(...where))],
    total: ([n]) => Number(n ?? 0),
  };
}

/** A hit's place in the search's order: start time, then distance (unknown or online last), then id. */
type Key = { start: string; distance: number | null; id: string };

const keyOf = ({ key, place }: Found): Key => ({ start: key.startAtUtc, distance: place.distance, id: key.id });
const byKey = (a: Found, b: Found) => compareKeys(keyOf(a), keyOf(b));

/** Binary string comparison, as SQLite orders the same columns (localeCompare would not). */
export function compareKeys(a: Key, b: Key): number {
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  const da = a.distance ?? Number.POSITIVE_INFINITY;
  const db = b.distance ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da < db ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Keys in (start, id) order, as SQLite orders them. */
const byStartAndId = (a: KeyRow, b: KeyRow) =>
  compareKeys({ start: a.startAtUtc, distance: null, id: a.id }, { start: b.startAtUtc, distance: null, id: b.id });

/**
 * The streams' rounds as one statement: the union of each stream's first `limit` keys after `p`, in
 * (start, id) order and cut to `total` (or every key read, for null). A row's stream is known by
 * `is_virtual`: only the online stream has online events.
 */
function unionKeys(db: Db, streams: Stream[], p: Position, limit: number, total: number | null): KeysQuery {
  const [only] = streams;
  if (only && streams.length === 1) return only.keys(p, limit);
  const union = sql.join(
    streams.map((s) => sql`select * from ${s.keys(p, limit)}`),
    sql` union all `,
  );
  const merged = db.select(mergedKeyColumns).from(sql`(${union})`);
  return total === null ? merged : merged.orderBy(sql`"start_at_utc"`, sql`"id"`).limit(total);
}

/**
 * A search's in-person stream and its online one (when asked) read as one stream (decision 176): one
 * statement a round, whose rows each stream places, and one total.
 */
export function mergeStreams(db: Db, inPerson: Stream, online: Stream | null): Stream {
  if (!online) return inPerson;
  const split = inPerson.counts.length;
  return {
    keys: (p, limit) => unionKeys(db, [inPerson, online], p, limit, limit),
    place: (row) => (row.isVirtual ? online : inPerson).place(row),
    counts: [...inPerson.counts, ...online.counts],
    total: (values) => inPerson.total(values.slice(0, split)) + online.total(values.slice(split)),
  };
}

/** Whole rows whose ids a subquery gives, in no order. */
const rowsWithIdIn = (db: Db, ids: SQL) => db.select(columns).from(events).where(sql`${events.id} in ${ids}`);

/** The whole rows of a round's keys, in no order. */
export const wholeRows = (db: Db, keys: KeysQuery) => rowsWithIdIn(db, sql`(select "id" from ${keys})`);

/** All of a search's counts as one statement: one row of scalar subqueries (a D1 batch needs a FROM). */
export const countsQuery = (db: Db, counts: SQL[]) =>
  db.select(Object.fromEntries(counts.map((count, i) => [`c${i}`, count]))).from(sql`(select 1)`);

/**
 * Reads a stream until the first `need` hits after the cursor are known. Keys come in (start, id)
 * order but hits sort by (start, distance, id), so only hits that start before the last row read are
 * final; rounds grow geometrically, so a pile of events at one start time costs a few rounds, not many.
 * The first round reads whole rows: it is nearly always the only one, and the page then needs no read
 * of its own.
 */
class StreamReader {
  private hits: Found[] = [];
  private limit: number;
  private position: Position;
  private boundary: string | null = null;
  /** The first round's whole rows, by id. */
  readonly rows = new Map<string, Row>();
  exhausted = false;

  constructor(
    private readonly db: Db,
    readonly stream: Stream,
    private readonly need: number,
    private readonly cursor: Key | null,
  ) {
    this.limit = need + CHUNK_EXTRA;
    this.position = { from: cursor?.start ?? null, after: null };
  }

  private get firstRound(): boolean {
    return this.boundary === null && !this.exhausted;
  }

  query(): Query {
    const keys = this.stream.keys(this.position, this.limit);
    return this.firstRound ? wholeRows(this.db, keys) : keys;
  }

  /** Takes a round's rows; true once no further round is needed. */
  take(result: unknown): boolean {
    const rows = result as KeyRow[];
    if (this.firstRound) {
      rows.sort(byStartAndId);
      for (const row of rows as Row[]) this.rows.set(row.id, row);
    }
    for (const key of rows) {
      const place = this.stream.place(key);
      const found = place && { key, place };
      if (found && (!this.cursor || compareKeys(keyOf(found), this.cursor) > 0)) this.hits.push(found);
    }
    const last = rows.at(-1);
    if (!last || rows.length < this.limit) {
      this.exhausted = true;
      return true;
    }
    this.position = { ...this.position, after: { start: last.startAtUtc, id: last.id } };
    this.boundary = last.startAtUtc;
    if (this.final().length >= this.need) return true;
    this.limit *= 2;
    return false;
  }

  /** The hits whose place in the order is certain, sorted: all once the stream is exhausted. */
  final(): Found[] {
    const boundary = this.boundary;
    const certain =
      this.exhausted || boundary === null ? this.hits : this.hits.filter((h) => h.key.startAtUtc < boundary);
    return certain.sort(byKey);
  }
}

async function runBatch(db: Db, queries: Query[]): Promise<unknown[]> {
  if (queries.length === 0) return [];
  return db.batch(queries as [Query, ...Query[]]);
}

/**
 * Reads a stream: its first round in one D1 batch with the counts (when there are any), then any
 * further rounds. Answers the counts' values, in their order.
 */
async function readStream(db: Db, reader: StreamReader, counts: SQL[]): Promise<unknown[]> {
  const [first, counted] = await runBatch(db, [reader.query(), ...(counts.length ? [countsQuery(db, counts)] : [])]);
  let done = reader.take(first);
  while (!done) {
    const [more] = await runBatch(db, [reader.query()]);
    done = reader.take(more);
  }
  const [row = {}] = (counted ?? []) as Record<string, unknown>[];
  return counts.map((_, i) => row[`c${i}`]);
}

/** Which in-person stream a page reads: within the radius, statewide (nothing within it), or anywhere (no ZIP). */
type Mode = "r" | "s" | "a";
type SearchCursor = Key & { mode: Mode };

const CURSOR_VERSION = 1;

function readSearchCursor(value: string, withZip: boolean): SearchCursor {
  return decodeCursor(value, (t) => {
    const [version, mode, start, distance, id] = t;
    if (t.length !== 5 || version !== CURSOR_VERSION) return null;
    if (!(withZip ? mode === "r" || mode === "s" : mode === "a")) return null;
    if (!isKeyString(start) || !isKeyString(id)) return null;
    if (distance !== null && !(typeof distance === "number" && Number.isFinite(distance) && distance >= 0)) return null;
    return { mode: mode as Mode, start, distance, id };
  });
}

/** The search's input: the API's query; other callers (feed, email) leave the filters and cursor out. */
export type SearchInput = Omit<SearchQuery, "category" | "q" | "cursor"> &
  Partial<Pick<SearchQuery, "category" | "q" | "cursor">>;

export type SearchPage = { hits: Hit[]; nextCursor: string | null; total: number; totalCapped: boolean };

/**
 * One page of the search (decisions 040, 162, 176). In-person events within the radius, or, when there
 * are none at all, in the ZIP's state (`fallback`); without a ZIP, upcoming in-person events anywhere;
 * online ones merged in when asked. Sorted by start, distance, id; the cursor is the last hit's key
 * (and which in-person stream it came from), so a page starts right after it however many events were
 * inserted before it meanwhile. `withTotal` adds the count queries to the first round's batch.
 */
export async function searchPage(
  db: Db,
  q: SearchInput,
  opts: { now: Date; siteTimeZone: string },
  withTotal = true,
): Promise<SearchPage> {
  const w = timeWindow(q, opts.now, opts.siteTimeZone);
  const f: Filters = { category: q.category ?? [], q: q.q };
  const cursor = q.cursor ? readSearchCursor(q.cursor, Boolean(q.zip)) : null;
  const centroid = q.zip ? await findCentroid(db, q.zip) : null;
  const need = q.limit + 1;
  let mode: Mode = cursor?.mode ?? (centroid ? "r" : "a");
  const inPerson = (m: Mode) =>
    centroid === null
      ? byStartStream(db, w, f, false)
      : m === "r"
        ? radiusStream(db, centroid, q.radius, w, f)
        : statewideStream(db, centroid, w, f);
  const online = q.include_online ? byStartStream(db, w, f, true) : null;

  if (withTotal && mode === "r" && keywordWords(f.q).length > 0) {
    const keyed = await keyedMatches(db, inPerson(mode), online, cursor, need + CHUNK_EXTRA);
    if (keyed && (cursor || keyed.withinRadius > 0)) {
      return readPage(db, keyed.found, keyed.known, q.limit, mode, keyed.total);
    }
    // Every match's key was read and none is within the radius: straight to the statewide fallback.
    if (keyed) mode = "s";
  }

  // A first page within the radius always counts the radius: none at all means the statewide fallback.
  // (Its counts come first among a merged stream's, so their values are the first ones either way.)
  const withinRadius = mode === "r" && !cursor ? inPerson(mode) : null;
  let reader = new StreamReader(db, mergeStreams(db, withinRadius ?? inPerson(mode), online), need, cursor);
  const counts = withTotal ? reader.stream.counts : (withinRadius?.counts ?? []);
  const values = await readStream(db, reader, counts);
  let total = withTotal ? reader.stream.total(values) : 0;

  if (withinRadius && withinRadius.total(values.slice(0, withinRadius.counts.length)) === 0) {
    mode = "s";
    reader = new StreamReader(db, mergeStreams(db, inPerson(mode), online), need, null);
    const statewide = await readStream(db, reader, withTotal ? reader.stream.counts : []);
    if (withTotal) total = reader.stream.total(statewide);
  }
  return readPage(db, reader.final(), reader.rows, q.limit, mode, total);
}

/** A coordinate as exact text ('%!.17g' round-trips a double, as in `radiusCount`), or '' for none. */
const exactText = (column: "lat" | "lon") =>
  sql.raw(`case when "${column}" is null then '' else printf('%!.17g', "${column}") end`);
/** A key row of `keyColumns` (or `mergedKeyColumns`) as one line of tab-separated text. */
const KEY_LINE = sql`"id" || char(9) || "start_at_utc" || char(9) || ${exactText("lat")} || char(9) || ${exactText("lon")} || char(9) || "is_virtual"`;

/** The keys of `KEY_LINE`s, one a line. */
function parseKeys(packed: string): KeyRow[] {
  return packed.split("\n").flatMap((line): KeyRow[] => {
    const [id, startAtUtc, lat, lon, isVirtual] = line.split("\t");
    if (!id || !startAtUtc) return [];
    const coordinate = (text: string | undefined) => (text ? Number(text) : null);
    return [{ id, startAtUtc, lat: coordinate(lat), lon: coordinate(lon), isVirtual: isVirtual === "1" }];
  });
}

const COLUMN_ENTRIES = Object.entries(columns);
/** A row of `columns` with nothing in it: the place of the packed keys' line in `keyedStatement`. */
const NO_ROW = sql.raw(COLUMN_ENTRIES.map(() => "null").join(", "));

/** A whole row read by column name outside drizzle's select, decoded as drizzle would (booleans). */
function decodeRow(values: Record<string, unknown>): Row {
  return Object.fromEntries(
    COLUMN_ENTRIES.map(([key, column]) => {
      const value = values[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Row;
}

/**
 * One statement for a keyword search (decisions 173, 176): every match's key, up to KEYS_CAP a stream,
 * packed in one text (ids are UUIDs and starts ISO times, so neither holds a tab or a newline: D1 and
 * drizzle's mapping each cost about 1.7 µs a returned row, and 370 keys read as one cell take 1.3 ms
 * less than as rows), and the whole rows of the first `rows` keys from `from` (the cursor's start) in
 * (start, id) order, which are nearly always every row the page needs. The keys are materialised once:
 * without the hint, workerd's SQLite scanned twice.
 */
export function keyedStatement(db: Db, streams: Stream[], from: string | null, rows: number): SQL {
  const keys = unionKeys(db, streams, FROM_START, KEYS_CAP, null);
  const onward = from === null ? sql`` : sql`where "start_at_utc" >= ${from}`;
  const whole = rowsWithIdIn(db, sql`(select "id" from k ${onward} order by "start_at_utc", "id" limit ${rows})`);
  return sql`with k as materialized ${keys}
    select null as keys, * from ${whole}
    union all select group_concat(${KEY_LINE}, char(10)), ${NO_ROW} from k`;
}

/**
 * A keyword search's matches from every match's key (decision 173): matching a keyword reads each
 * candidate's text from the index, and the page and the count would each read all of it. One statement
 * of every stream's keys, from the start, gives the count, the page's order and nearly always the page's
 * rows. Null when a stream has more matches than it can count this way: the general reading answers those.
 */
async function keyedMatches(
  db: Db,
  inPerson: Stream,
  online: Stream | null,
  cursor: Key | null,
  rows: number,
): Promise<{ found: Found[]; total: number; withinRadius: number; known: Map<string, Row> } | null> {
  const streams = online ? [inPerson, online] : [inPerson];
  const result = await db.all<Record<string, unknown>>(keyedStatement(db, streams, cursor?.start ?? null, rows));
  const known = new Map<string, Row>();
  let packed = "";
  for (const values of result) {
    if (values.id === null) packed = typeof values.keys === "string" ? values.keys : "";
    else known.set(String(values.id), decodeRow(values));
  }
  const matchKeys = parseKeys(packed);
  const onlineKeys = matchKeys.filter((key) => key.isVirtual).length;
  if (onlineKeys > TOTAL_CAP || matchKeys.length - onlineKeys > TOTAL_CAP) return null;
  const merged = mergeStreams(db, inPerson, online);
  const matches = matchKeys.flatMap((key) => {
    const place = merged.place(key);
    return place ? [{ key, place }] : [];
  });
  const found = matches.filter((m) => !cursor || compareKeys(keyOf(m), cursor) > 0).sort(byKey);
  return { found, total: matches.length, withinRadius: matches.filter((m) => !m.key.isVirtual).length, known };
}

/**
 * The page of the first `limit` matches of `found` (sorted; one more than the page tells that there
 * is a next one): the rows not already `known` are read from the table, by id.
 */
async function readPage(
  db: Db,
  found: Found[],
  known: ReadonlyMap<string, Row>,
  limit: number,
  mode: Mode,
  total: number,
): Promise<SearchPage> {
  const page = found.slice(0, limit);
  const missing = page.filter((m) => !known.has(m.key.id)).map((m) => m.key.id);
  const rows = missing.length === 0 ? [] : await db.select(columns).from(events).where(inArray(events.id, missing));
  const byId = new Map([...known, ...rows.map((row): [string, Row] => [row.id, row])]);
  // A row deleted between the two reads is left out.
  const hits = page.flatMap((m) => {
    const row = byId.get(m.key.id);
    return row ? [{ row, ...m.place }] : [];
  });
  const last = page.at(-1);
  return {
    hits,
    nextCursor:
      found.length > limit && last
        ? encodeCursor([CURSOR_VERSION, mode, last.key.startAtUtc, last.place.distance, last.key.id])
        : null,
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
  };
}

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

/** The search's first page as rows, without counting (the calendar feed). */
export async function searchHits(db: Db, q: SearchInput, opts: { now: Date; siteTimeZone: string }): Promise<Hit[]> {
  return (await searchPage(db, q, opts, false)).hits;
}

/** The search's first page of events, without counting (the weekly email). */
export async function searchEvents(
  db: Db,
  q: SearchInput,
  opts: { now: Date; siteTimeZone: string },
): Promise<EventResult[]> {
  return (await searchHits(db, q, opts)).map(toEventResult);
}

/** GET /api/events: a page as the API answers it. */
export async function searchEventsPage(
  db: Db,
  q: SearchInput,
  opts: { now: Date; siteTimeZone: string },
): Promise<SearchResponse> {
  const page = await searchPage(db, q, opts);
  return {
    events: page.hits.map(toEventResult),
    next_cursor: page.nextCursor,
    total: page.total,
    total_capped: page.totalCapped,
  };
}
