// How a keyword search's one statement is shaped (decision 176): every match's key packed in one text cell,
// the page's first whole rows beside it, the keys materialised once. Tuning only: which keys and rows the
// search needs is decided in keyed.ts.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../platform/db";
import type { KeyRow, KeysQuery, Row } from "./model";
import { columns, rowsWithIdIn } from "./sql";

/** A coordinate as exact text ('%!.17g' round-trips a double, as in `ringPoints`), or '' for none. */
const exactText = (column: "lat" | "lon") =>
  sql.raw(`case when "${column}" is null then '' else printf('%!.17g', "${column}") end`);
/** A key row of the key columns (any stream's, or a merged round's) as one line of tab-separated text. */
const KEY_LINE = sql`"id" || char(9) || "start_at_utc" || char(9) || ${exactText("lat")} || char(9) || ${exactText("lon")} || char(9) || "is_virtual"`;

/** The keys of `KEY_LINE`s, one a line. */
export function parseKeys(packed: string): KeyRow[] {
  return packed.split("\n").flatMap((line): KeyRow[] => {
    const [id, startAtUtc, lat, lon, isVirtual] = line.split("\t");
    if (!id || !startAtUtc) return [];
    const coordinate = (text: string | undefined) => (text ? Number(text) : null);
    return [{ id, startAtUtc, lat: coordinate(lat), lon: coordinate(lon), isVirtual: isVirtual === "1" }];
  });
}

const COLUMN_ENTRIES = Object.entries(columns);
/** A row of `columns` with nothing in it: the place of the packed keys' line in `packedKeysAndRows`. */
const NO_ROW = sql.raw(COLUMN_ENTRIES.map(() => "null").join(", "));

/** A whole row read by column name outside drizzle's select, decoded as drizzle would (booleans). */
export function decodeRow(values: Record<string, unknown>): Row {
  return Object.fromEntries(
    COLUMN_ENTRIES.map(([key, column]) => {
      const value = values[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Row;
}

/**
 * One statement: every key of `keys` packed in one text (ids are UUIDs and starts ISO times, so neither
 * holds a tab or a newline: D1 and drizzle's mapping each cost about 1.7 µs a returned row, and 370 keys
 * read as one cell take 1.3 ms less than as rows), and the whole rows of the first `rows` keys from `from`
 * in (start, id) order. The keys are materialised once: without the hint, workerd's SQLite scanned twice.
 * Its result rows: the rows (`keys` null), then one row whose `keys` is the packed text and `id` null.
 */
export function packedKeysAndRows(db: Db, keys: KeysQuery, from: string | null, rows: number): SQL {
  const onward = from === null ? sql`` : sql`where "start_at_utc" >= ${from}`;
  const whole = rowsWithIdIn(db, sql`(select "id" from k ${onward} order by "start_at_utc", "id" limit ${rows})`);
  return sql`with k as materialized ${keys}
    select null as keys, * from ${whole}
    union all select group_concat(${KEY_LINE}, char(10)), ${NO_ROW} from k`;
}
