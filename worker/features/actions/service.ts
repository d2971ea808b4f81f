import { and, desc, eq, isNotNull, lt, lte, sql } from "drizzle-orm";
import { weeklyActions } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { dayInZone } from "../../platform/zoned-time";
import { toPublicAction } from "./dto";
import type { PublicAction } from "./schemas";

/**
 * Public reads of weekly actions. Only published actions are public. "Today" is the calendar day
 * in SITE_TIMEZONE at `now`; callers pass `now` so tests can stand on any instant (DST days too).
 */

const published = eq(weeklyActions.status, "published");

/**
 * The current action (today within start..end, inclusive), else the most recent past one
 * (ARCHITECTURE.md §5). One indexed query: currents sort before pasts, newest start first.
 */
export async function findCurrentAction(db: Db, timeZone: string, now: Date): Promise<PublicAction | null> {
  const today = dayInZone(now, timeZone);
  const [row] = await db
    .select()
    .from(weeklyActions)
    .where(and(published, lte(weeklyActions.startDate, today), isNotNull(weeklyActions.endDate)))
    .orderBy(
      sql`CASE WHEN ${weeklyActions.endDate} >= ${today} THEN 0 ELSE 1 END`,
      desc(weeklyActions.startDate),
      desc(weeklyActions.endDate),
      desc(weeklyActions.createdAt),
    )
    .limit(1);
  return row ? toPublicAction(row, today) : null;
}

/** Past actions (ended before today), newest first, at most `limit`. */
export async function listPastActions(db: Db, timeZone: string, now: Date, limit: number): Promise<PublicAction[]> {
  const today = dayInZone(now, timeZone);
  const rows = await db
    .select()
    .from(weeklyActions)
    .where(and(published, lt(weeklyActions.endDate, today)))
    .orderBy(desc(weeklyActions.startDate), desc(weeklyActions.createdAt))
    .limit(limit);
  return rows.map((r) => toPublicAction(r, today));
}

/** A published action by slug, whatever its timing (links in emails and shares keep working). */
export async function findPublishedBySlug(
  db: Db,
  timeZone: string,
  now: Date,
  slug: string,
): Promise<PublicAction | null> {
  const [row] = await db
    .select()
    .from(weeklyActions)
    .where(and(published, eq(weeklyActions.slug, slug)))
    .limit(1);
  return row ? toPublicAction(row, dayInZone(now, timeZone)) : null;
}

/** Whether a published action with this id exists (completions may only point at public actions). */
export async function isPublishedAction(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: weeklyActions.id })
    .from(weeklyActions)
    .where(and(published, eq(weeklyActions.id, id)))
    .limit(1);
  return Boolean(row);
}
