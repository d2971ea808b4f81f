import { and, eq, like, notInArray } from "drizzle-orm";
import { opsState } from "../../../db/schema";
import type { Db } from "../../platform/db";

/** Small JSON facts kept between cron ticks (ops_state). */
export async function readOpsState<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db.select({ value: opsState.value }).from(opsState).where(eq(opsState.key, key)).limit(1);
  return (row?.value ?? null) as T | null;
}

export async function writeOpsState(db: Db, key: string, value: unknown, now: Date): Promise<void> {
  const updatedAt = now.toISOString();
  await db
    .insert(opsState)
    .values({ key, value, updatedAt })
    .onConflictDoUpdate({ target: opsState.key, set: { value, updatedAt } });
}

/** Removes the keys under `prefix` except those listed (snapshots of things that are gone). */
export async function pruneOpsState(db: Db, prefix: string, keep: string[]): Promise<void> {
  await db
    .delete(opsState)
    .where(and(like(opsState.key, `${prefix}%`), keep.length ? notInArray(opsState.key, keep) : undefined));
}

export const LAST_TICK_KEY = "cron:last-tick";
