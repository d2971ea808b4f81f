import { and, desc, eq, isNotNull, lt, lte, sql } from "drizzle-orm";
import { actionImpact, weeklyActions } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { dayInZone } from "../../platform/zoned-time";
import { toPublicAction } from "./dto";
import type { PublicAction, PublicActionWithImpact } from "./schemas";

/**
 * Public reads of weekly actions. Only published actions are public. "Today" is the calendar day
 * in SITE_TIMEZONE at `now`; callers pass `now` so tests can stand on any instant (DST days too).
 */

const published = eq(weeklyActions.status, "published");

/**
 * The action row with its impact counts: one left join on the counts table the completion
 * triggers keep (migration 0007), so the counts cost a primary-key lookup, not a count.
 */
const selectWithImpact = (db: Db) =>
  db
    .select({
      action: weeklyActions,
      completed: actionImpact.completedCount,
      withNotes: actionImpact.withNotesCount,
    })
    .from(weeklyActions)
    .leftJoin(actionImpact, eq(actionImpact.actionId, weeklyActions.id));

type RowWithImpact = Awaited<ReturnType<typeof selectWithImpact>>[number];

const withImpact = (r: RowWithImpact, today: string): PublicActionWithImpact => ({
  ...toPublicAction(r.action, today),
  impact: { completed_count: Math.max(0, r.completed ?? 0), with_notes_count: Math.max(0, r.withNotes ?? 0) },
});

/**
 * The current action (today within start..end, inclusive), else the most recent past one
 * (ARCHITECTURE.md §5). One indexed query: currents sort before pasts, newest start first.
 */
export async function findCurrentAction(db: Db, timeZone: string, now: Date): Promise<PublicActionWithImpact | null> {
  const today = dayInZone(now, timeZone);
  const [row] = await selectWithImpact(db)
    .where(and(published, lte(weeklyActions.startDate, today), isNotNull(weeklyActions.endDate)))
    .orderBy(
      sql`CASE WHEN ${weeklyActions.endDate} >= ${today} THEN 0 ELSE 1 END`,
      desc(weeklyActions.startDate),
      desc(weeklyActions.endDate),
      desc(weeklyActions.createdAt),
    )
    .limit(1);
  return row ? withImpact(row, today) : null;
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
): Promise<PublicActionWithImpact | null> {
  const [row] = await selectWithImpact(db)
    .where(and(published, eq(weeklyActions.slug, slug)))
    .limit(1);
  return row ? withImpact(row, dayInZone(now, timeZone)) : null;
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
