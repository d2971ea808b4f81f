import type { SQL, SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { events } from "../../../../db/schema";

/** `total` is exact up to this many events; above it the answer says "more than" (decision 162). */
export const TOTAL_CAP = 1000;
/** A keyword search's keys query reads at most this many a stream: enough to count to TOTAL_CAP and see more. */
export const KEYS_CAP = TOTAL_CAP + 1;
/** Rows a stream reads beyond what the page needs in its first round (the radius test drops a few). */
export const CHUNK_EXTRA = 25;

/**
 * Which in-person events a page lists: those within the radius of the ZIP, those in the ZIP's state when
 * none is within the radius (the statewide fallback), or, without a ZIP, upcoming ones anywhere.
 */
export type SearchMode = "radius" | "statewide" | "anywhere";

/** The columns a search reads of an event (`columns` in sql.ts), with the table's own types. */
export type Row = Pick<
  typeof events.$inferSelect,
  | "id"
  | "title"
  | "description"
  | "venueName"
  | "address"
  | "category"
  | "city"
  | "state"
  | "startAtUtc"
  | "endAtUtc"
  | "allDay"
  | "endTimeUnknown"
  | "timeZone"
  | "registrationUrl"
  | "imageUrl"
  | "isVirtual"
  | "lat"
  | "lon"
>;
/** What a stream reads of a match: enough to place it, order it and page. */
export type KeyRow = Pick<Row, "id" | "startAtUtc" | "lat" | "lon" | "isVirtual">;
/** Where a hit is: its distance from the ZIP (null when unknown or online), and whether it is a statewide fallback. */
export type Place = { distance: number | null; fallback: boolean };
export type Hit = Place & { row: Row };
/** A match before its row is read. */
export type Found = { key: KeyRow; place: Place };

export type TimeWindow = { from: string; to: string | null; earliestStart: string };
/** The filters that narrow every stream of a search. */
export type Filters = { category: readonly string[]; q: string | undefined };
export type Centroid = { zip: string; lat: number; lon: number; state: string };

/** Where a stream's next round starts: at the cursor's start time, then after the last row read. */
export type Position = { from: string | null; after: { start: string; id: string } | null };
/** Every match, from the start. */
export const FROM_START: Position = { from: null, after: null };

export type Query = BatchItem<"sqlite">;
/** A round's query: a select of key rows (or, in a first round, of whole rows). */
export type KeysQuery = Query & SQLWrapper;

/** A stream's counts, each a scalar subquery under its own name; the names of merged streams never clash. */
export type Counts = Readonly<Record<string, SQL>>;
/** The counts' values, by the same names. */
export type CountValues = Readonly<Record<string, unknown>>;

/**
 * A stream of hits in the search's order: keys in (start, id) order from one index, placed as hits
 * (or dropped) in code, and the scalar subqueries that count every hit of the stream.
 */
export type Stream = {
  /** A round of the matches' keys after `p`, in (start, id) order: at most `limit` of them. */
  keys(p: Position, limit: number): KeysQuery;
  /** Where a match is, or null when it is no hit (outside the radius). */
  place(row: KeyRow): Place | null;
  counts: Counts;
  /** The stream's total, read from its own counts' values by name. */
  total(values: CountValues): number;
};

/** A hit's place in the search's order: start time, then distance (unknown or online last), then id. */
export type Key = { start: string; distance: number | null; id: string };

export const keyOf = ({ key, place }: Found): Key => ({ start: key.startAtUtc, distance: place.distance, id: key.id });
export const byKey = (a: Found, b: Found) => compareKeys(keyOf(a), keyOf(b));

/** Binary string comparison, as SQLite orders the same columns (localeCompare would not). */
export function compareKeys(a: Key, b: Key): number {
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  const da = a.distance ?? Number.POSITIVE_INFINITY;
  const db = b.distance ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da < db ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Keys in (start, id) order, as SQLite orders them. */
export const byStartAndId = (a: KeyRow, b: KeyRow) =>
  compareKeys({ start: a.startAtUtc, distance: null, id: a.id }, { start: b.startAtUtc, distance: null, id: b.id });
