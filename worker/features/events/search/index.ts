// The events search's one entry point (README.md in this folder says how it works).

import type { EventResult, SearchQuery, SearchResponse } from "#contract/events/schemas";
import { isValidTimeZone } from "#contract/platform/zoned-time";
import type { Db } from "../../../platform/db";
import { findCentroid } from "./centroid";
import { readSearchCursor } from "./cursor";
import { keyedMatches } from "./keyed";
import { CHUNK_EXTRA, type Filters, type Hit, type SearchMode } from "./model";
import { readPage, type SearchPage, type Total } from "./page";
import { readStream, StreamReader } from "./rounds";
import { keywordWords } from "./sql";
import { anywhereStream, mergeStreams, onlineStream, radiusStream, stateStream, statewideStream } from "./streams";
import { timeWindow } from "./window";

export type { Hit, SearchMode } from "./model";
export { TOTAL_CAP } from "./model";
export type { SearchPage, Total } from "./page";
export { MAX_ONGOING_DAYS } from "./window";

/** The search's input: the API's query; other callers (feed, email) leave the filters and cursor out. */
export type SearchInput = Omit<SearchQuery, "category" | "q" | "cursor"> &
  Partial<Pick<SearchQuery, "category" | "q" | "cursor">> & {
    /** Without a ZIP: only this state's in-person events (the state feeds, decision 261). */
    state?: string;
  };

export type SearchOptions = {
  now: Date;
  siteTimeZone: string;
  /** Count every match for the answer's `total` (the API). Without it, `total` is null. */
  count: boolean;
  /**
   * When nothing in person is within the radius, list the ZIP's state instead (the API). Without it an
   * empty radius stays empty, and the radius is not counted just to find that out (the feed, the email).
   */
  fallback: boolean;
};

/**
 * One page of the events search (decisions 040, 162, 173, 176). In-person events within the radius, or,
 * with `fallback` and none at all within it, in the ZIP's state; without a ZIP, upcoming in-person events
 * anywhere; online ones merged in when asked. Sorted by start, distance, id; the cursor is the last hit's
 * key and mode, so a page starts right after it however many events were inserted before it meanwhile.
 */
export async function searchEvents(
  db: Db,
  q: SearchInput,
  opts: SearchOptions & { count: true },
): Promise<SearchPage & { total: Total }>;
export async function searchEvents(db: Db, q: SearchInput, opts: SearchOptions): Promise<SearchPage>;
export async function searchEvents(db: Db, q: SearchInput, opts: SearchOptions): Promise<SearchPage> {
  const w = timeWindow(q, opts.now, opts.siteTimeZone);
  const f: Filters = { category: q.category ?? [], q: q.q };
  const modes: SearchMode[] = !q.zip
    ? [q.state ? "statewide" : "anywhere"]
    : opts.fallback
      ? ["radius", "statewide"]
      : ["radius"];
  const cursor = q.cursor ? readSearchCursor(q.cursor, modes) : null;
  const centroid = q.zip ? await findCentroid(db, q.zip) : null;
  const need = q.limit + 1;
  let mode: SearchMode = cursor?.mode ?? (centroid ? "radius" : q.state ? "statewide" : "anywhere");
  const inPerson = (m: SearchMode) =>
    centroid === null
      ? q.state
        ? stateStream(db, q.state, w, f)
        : anywhereStream(db, w, f)
      : m === "radius"
        ? radiusStream(db, centroid, q.radius, w, f)
        : statewideStream(db, centroid, w, f);
  const online = q.include_online ? onlineStream(db, w, f) : null;

  if (opts.count && mode === "radius" && keywordWords(f.q).length > 0) {
    const keyed = await keyedMatches(db, inPerson(mode), online, cursor, need + CHUNK_EXTRA);
    if (keyed && (cursor || keyed.inPerson > 0 || !opts.fallback)) {
      return readPage(db, keyed.found, keyed.known, q.limit, mode, keyed.total);
    }
    // Every match's key was read and none is within the radius: straight to the statewide fallback.
    if (keyed) mode = "statewide";
  }

  // A first page within the radius that may fall back always counts the radius: none at all means the
  // statewide fallback (with online events merged in, a round does not tell whether the radius is empty).
  const radius = mode === "radius" && !cursor && opts.fallback ? inPerson(mode) : null;
  let reader = new StreamReader(db, mergeStreams(db, radius ?? inPerson(mode), online), need, cursor);
  const values = await readStream(db, reader, opts.count ? reader.stream.counts : (radius?.counts ?? {}));
  let total = opts.count ? reader.stream.total(values) : null;

  if (radius && radius.total(values) === 0) {
    mode = "statewide";
    reader = new StreamReader(db, mergeStreams(db, inPerson(mode), online), need, null);
    const statewide = await readStream(db, reader, opts.count ? reader.stream.counts : {});
    if (opts.count) total = reader.stream.total(statewide);
  }
  return readPage(db, reader.final(), reader.rows, q.limit, mode, total);
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

/** A counted page as GET /api/events answers it. */
export function toSearchResponse(page: SearchPage & { total: Total }): SearchResponse {
  return {
    events: page.hits.map(toEventResult),
    next_cursor: page.nextCursor,
    total: page.total.count,
    total_capped: page.total.capped,
  };
}
