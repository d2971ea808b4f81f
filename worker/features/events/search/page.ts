import { inArray } from "drizzle-orm";
import { events } from "../../../../db/schema";
import type { Db } from "../../../platform/db";
import { encodeSearchCursor } from "./cursor";
import { type Found, type Hit, type Row, type SearchMode, TOTAL_CAP } from "./model";
import { columns } from "./sql";

/** Every match's count for the answer's `total`: exact up to TOTAL_CAP, `capped` above it. */
export type Total = { count: number; capped: boolean };
export type SearchPage = { hits: Hit[]; nextCursor: string | null; total: Total | null };

/**
 * The page of the first `limit` matches of `found` (sorted; one more than the page tells that there
 * is a next one): the rows not already `known` are read from the table, by id. `total` is null when
 * the search did not count.
 */
export async function readPage(
  db: Db,
  found: Found[],
  known: ReadonlyMap<string, Row>,
  limit: number,
  mode: SearchMode,
  total: number | null,
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
        ? encodeSearchCursor({ mode, start: last.key.startAtUtc, distance: last.place.distance, id: last.key.id })
        : null,
    total: total === null ? null : { count: Math.min(total, TOTAL_CAP), capped: total > TOTAL_CAP },
  };
}
