import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** Primary keys are random UUIDs: unguessable in URLs and safe to create on any node. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** UTC ISO-8601 timestamps (ARCHITECTURE.md §4), written by SQLite so every row gets one. */
export const isoNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
export const createdAt = () => text("created_at").notNull().default(isoNow);
export const updatedAt = () => text("updated_at").notNull().default(isoNow);

export const bool = (name: string) => integer(name, { mode: "boolean" });
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
