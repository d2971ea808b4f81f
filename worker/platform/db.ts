import { desc, type SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema";

export const createDb = (d1: D1Database) => drizzle(d1, { schema });
export type Db = ReturnType<typeof createDb>;
export { schema };

/**
 * "Newest first" by a timestamp column. Ids are random UUIDs, so rows written in the same
 * millisecond are ordered by SQLite's rowid instead: the later insert comes first.
 */
export const newestFirst = (table: SQLiteTable, at: SQLiteColumn): SQL[] => [desc(at), desc(sql`${table}.rowid`)];
