import type { SQL } from "drizzle-orm";
import type { Db } from "../../../platform/db";
import {
  byKey,
  compareKeys,
  type Found,
  FROM_START,
  KEYS_CAP,
  type Key,
  keyOf,
  type Row,
  type Stream,
  TOTAL_CAP,
} from "./model";
import { decodeRow, packedKeysAndRows, parseKeys } from "./packing";
import { mergeStreams, unionKeys } from "./streams";

/**
 * A keyword search's one statement (decisions 173, 176): every match's key, up to KEYS_CAP a stream, and
 * the whole rows of the first `rows` keys from `from` (the cursor's start), which are nearly always every
 * row the page needs.
 */
export function keyedStatement(db: Db, streams: Stream[], from: string | null, rows: number): SQL {
  return packedKeysAndRows(db, unionKeys(db, streams, FROM_START, KEYS_CAP, null), from, rows);
}

export type KeyedMatches = {
  /** The hits after the cursor, sorted. */
  found: Found[];
  /** Every hit, the cursor's page or not. */
  total: number;
  /** How many of them are in person (within the radius). */
  inPerson: number;
  /** The whole rows the statement brought, by id. */
  known: Map<string, Row>;
};

/**
 * A keyword search's matches from every match's key (decision 173): matching a keyword reads each
 * candidate's text from the index, and the page and the count would each read all of it. One statement
 * of every stream's keys, from the start, gives the count, the page's order and nearly always the page's
 * rows. Null when a stream has more matches than it can count this way: the general reading answers those.
 */
export async function keyedMatches(
  db: Db,
  inPerson: Stream,
  online: Stream | null,
  cursor: Key | null,
  rows: number,
): Promise<KeyedMatches | null> {
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
  return { found, total: matches.length, inPerson: matches.filter((m) => !m.key.isVirtual).length, known };
}
