import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./db";

const dialect = new SQLiteAsyncDialect();

type Built = { toSQL(): { sql: string; params: unknown[] } };

/**
 * D1 statements for one `db.$client.batch` (one transaction) that mixes query builders with raw SQL:
 * drizzle's own batch cannot bind a raw `sql` template, and these batches need a few (INSERT … SELECT
 * with a conditional key) that the builders do not express.
 */
export function d1Statement(db: Db, query: SQL | Built): D1PreparedStatement {
  const { sql, params } = "toSQL" in query ? query.toSQL() : dialect.sqlToQuery(query);
  return db.$client.prepare(sql).bind(...params);
}
