import { desc, type SQL, sql } from "drizzle-orm";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema";

/**
 * What drizzle's D1 driver calls on its client: `prepare` and `batch` (drizzle-orm/d1/session.js), which
 * a plain binding and a read-replication session (`D1DatabaseSession`, decision 188) both have. Code
 * that reaches for `db.$client` gets only these two, so it works on either.
 */
export type D1Client = Pick<D1Database, "prepare" | "batch">;

// drizzle's types ask for a whole D1Database; the cast is safe because the driver only uses D1Client.
export const createDb = (d1: D1Client) =>
  drizzle(d1 as D1Database, { schema }) as DrizzleD1Database<typeof schema> & { $client: D1Client };
export type Db = ReturnType<typeof createDb>;
export { schema };

/**
 * "Newest first" by a timestamp column. Ids are random UUIDs, so rows written in the same
 * millisecond are ordered by SQLite's rowid instead: the later insert comes first.
 */
export const newestFirst = (table: SQLiteTable, at: SQLiteColumn): SQL[] => [desc(at), desc(sql`${table}.rowid`)];
