import type { Db } from "../../../platform/db";
import {
  byKey,
  byStartAndId,
  CHUNK_EXTRA,
  type Counts,
  type CountValues,
  compareKeys,
  type Found,
  type Key,
  type KeyRow,
  keyOf,
  type Position,
  type Query,
  type Row,
  type Stream,
} from "./model";
import { countsQuery, wholeRows } from "./sql";

/**
 * Reads a stream until the first `need` hits after the cursor are known. Keys come in (start, id)
 * order but hits sort by (start, distance, id), so only hits that start before the last row read are
 * final; rounds grow geometrically, so a pile of events at one start time costs a few rounds, not many.
 * The first round reads whole rows: it is nearly always the only one, and the page then needs no read
 * of its own.
 */
export class StreamReader {
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
 * further rounds. Answers the counts' values by name (none when no count was asked).
 */
export async function readStream(db: Db, reader: StreamReader, counts: Counts): Promise<CountValues> {
  const counted = Object.keys(counts).length > 0;
  const [first, countRows] = await runBatch(db, [reader.query(), ...(counted ? [countsQuery(db, counts)] : [])]);
  let done = reader.take(first);
  while (!done) {
    const [more] = await runBatch(db, [reader.query()]);
    done = reader.take(more);
  }
  const [values = {}] = (countRows ?? []) as CountValues[];
  return values;
}
