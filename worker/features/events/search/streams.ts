// The search's streams: each yields matches' keys in (start, id) order from one index, places them as hits
// (or drops them) and counts them. A search reads one in-person stream (by mode) merged with the online one.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { events } from "../../../../db/schema";
import type { Db } from "../../../platform/db";
import { haversineMiles } from "../geo";
import type { Centroid, Filters, KeysQuery, Position, Stream, TimeWindow } from "./model";
import {
  cappedCount,
  circleTests,
  filterTerms,
  IN_PERSON,
  isVirtualIs,
  keyColumns,
  liveInWindow,
  mergedKeyColumns,
  positionTerms,
  ringPoints,
  unplacedKeyColumns,
} from "./sql";

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
    .where(and(box, outer, IN_PERSON, ...liveInWindow(w, false), ...positionTerms(p, false), ...filterTerms(f)))
    .orderBy(asc(events.startAtUtc), asc(events.id))
    .limit(limit);
}

/**
 * In-person events within the radius. Its count: entries inside the inner flat circle are within the radius
 * for sure and are only counted, at most TOTAL_CAP + 1 of them, so in a dense place the scan stops early;
 * only when there are fewer does the thin ring up to the outer circle come back, as coordinates for the
 * haversine test in code (decision 173).
 */
export function radiusStream(db: Db, c: Centroid, radius: number, w: TimeWindow, f: Filters): Stream {
  const { box, outer, inner } = circleTests(c, radius);
  // The keyword's LIKE last: the arithmetic tests are cheaper and drop most entries first.
  const matching = and(box, IN_PERSON, ...liveInWindow(w, false), outer, ...filterTerms(f));
  const within = (lat: number, lon: number) => haversineMiles(c.lat, c.lon, lat, lon);
  const radiusInside = cappedCount(and(matching, inner));
  return {
    keys: (p, limit) => radiusQuery(db, c, radius, w, f, p, limit),
    place: (row) => {
      const distance = within(row.lat as number, row.lon as number);
      return distance <= radius ? { distance, fallback: false } : null;
    },
    counts: { radiusInside, radiusRing: ringPoints(radiusInside, and(matching, sql`not (${inner})`)) },
    total: ({ radiusInside, radiusRing }) => {
      const ringHits = (typeof radiusRing === "string" ? radiusRing.split(";") : []).filter((point) => {
        const [lat, lon] = point.split(" ").map(Number) as [number, number];
        return within(lat, lon) <= radius;
      });
      return Number(radiusInside ?? 0) + ringHits.length;
    },
  };
}

/** A stream that walks one (…, start, id) index with `where`, counted as one capped count named `name`. */
function startOrdered(db: Db, name: string, where: SQL[], select: typeof keyColumns | typeof unplacedKeyColumns) {
  return {
    keys: (p: Position, limit: number) =>
      db
        .select(select)
        .from(events)
        .where(and(...where, ...positionTerms(p, true)))
        .orderBy(asc(events.startAtUtc), asc(events.id))
        .limit(limit),
    counts: { [name]: cappedCount(and(...where)) },
    total: (values: Readonly<Record<string, unknown>>) => Number(values[name] ?? 0),
  };
}

/** Statewide in-person events, for when nothing is within the radius: walks (state, start, id). */
export function statewideStream(db: Db, c: Centroid, w: TimeWindow, f: Filters): Stream {
  const where = [eq(events.state, c.state), IN_PERSON, ...liveInWindow(w, true), ...filterTerms(f)];
  return {
    ...startOrdered(db, "statewide", where, keyColumns),
    place: (row) => ({
      distance: row.lat !== null && row.lon !== null ? haversineMiles(c.lat, c.lon, row.lat, row.lon) : null,
      fallback: true,
    }),
  };
}

/** Without a ZIP, one state's in-person events in start order (the state feeds): no distance, no fallback. */
export function stateStream(db: Db, state: string, w: TimeWindow, f: Filters): Stream {
  const where = [eq(events.state, state), IN_PERSON, ...liveInWindow(w, true), ...filterTerms(f)];
  return {
    ...startOrdered(db, "statewide", where, keyColumns),
    place: () => ({ distance: null, fallback: false }),
  };
}

/** Online events in start order, from their partial index (which holds the keyword text). */
export function onlineStream(db: Db, w: TimeWindow, f: Filters): Stream {
  const where = [isVirtualIs(true), ...liveInWindow(w, true), ...filterTerms(f)];
  return {
    ...startOrdered(db, "online", where, unplacedKeyColumns),
    place: () => ({ distance: null, fallback: false }),
  };
}

/** Without a ZIP: every upcoming in-person event, in start order, from its partial index. */
export function anywhereStream(db: Db, w: TimeWindow, f: Filters): Stream {
  const where = [isVirtualIs(false), ...liveInWindow(w, true), ...filterTerms(f)];
  return {
    ...startOrdered(db, "anywhere", where, unplacedKeyColumns),
    place: () => ({ distance: null, fallback: false }),
  };
}

/**
 * The streams' rounds as one statement: the union of each stream's first `limit` keys after `p`, in
 * (start, id) order and cut to `total` (or every key read, for null). A row's stream is known by
 * `is_virtual`: only the online stream has online events.
 */
export function unionKeys(db: Db, streams: Stream[], p: Position, limit: number, total: number | null): KeysQuery {
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
 * statement a round, whose rows each stream places, and one total. The streams' counts keep their names.
 */
export function mergeStreams(db: Db, inPerson: Stream, online: Stream | null): Stream {
  if (!online) return inPerson;
  // The counts statement selects every count by name: a shared name would read one count for both.
  if (Object.keys(online.counts).some((name) => name in inPerson.counts)) throw new Error("counts share a name");
  return {
    keys: (p, limit) => unionKeys(db, [inPerson, online], p, limit, limit),
    place: (row) => (row.isVirtual ? online : inPerson).place(row),
    counts: { ...inPerson.counts, ...online.counts },
    total: (values) => inPerson.total(values) + online.total(values),
  };
}
