import { and, desc, eq, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { PublicAction, PublicActionWithImpact } from "#contract/actions/schemas";
import type { Locale } from "#contract/i18n/locales";
import { dayInZone } from "#contract/platform/zoned-time";
import { actionImpact, weeklyActions } from "../../../db/schema";
import { decodeCursor, encodeCursor, isKeyString } from "../../platform/cursor";
import type { Db } from "../../platform/db";
import { toPublicAction } from "./dto";

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

const withImpact = (r: RowWithImpact, today: string, lang: Locale): PublicActionWithImpact => ({
  ...toPublicAction(r.action, today, lang),
  impact: { completed_count: Math.max(0, r.completed ?? 0), with_notes_count: Math.max(0, r.withNotes ?? 0) },
});

/**
 * The current action (today within start..end, inclusive), else the most recent past one
 * (ARCHITECTURE.md §5). One indexed query: currents sort before pasts, newest start first.
 */
export async function findCurrentAction(
  db: Db,
  timeZone: string,
  now: Date,
  lang: Locale = "en",
): Promise<PublicActionWithImpact | null> {
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
  return row ? withImpact(row, today, lang) : null;
}

/** Past actions (ended before today), newest first, at most `limit`. */
export async function listPastActions(db: Db, timeZone: string, now: Date, limit: number): Promise<PublicAction[]> {
  return (await listPastActionsPage(db, timeZone, now, limit)).actions;
}

const ARCHIVE_CURSOR_VERSION = 1;

/**
 * A page of the archive: past actions newest first (start date, then creation, then id), after
 * `cursor`, the previous page's last action's sort key. A keyset, not an offset: an action that
 * ends meanwhile joins the top of the archive without shifting the older pages.
 */
export async function listPastActionsPage(
  db: Db,
  timeZone: string,
  now: Date,
  limit: number,
  cursor?: string,
  lang: Locale = "en",
): Promise<{ actions: PublicAction[]; next_cursor: string | null }> {
  const today = dayInZone(now, timeZone);
  const after = cursor
    ? decodeCursor(cursor, ([version, start, created, id, ...rest]) =>
        version === ARCHIVE_CURSOR_VERSION &&
        rest.length === 0 &&
        isKeyString(start) &&
        isKeyString(created) &&
        isKeyString(id)
          ? { start, created, id }
          : null,
      )
    : null;
  const rows = await db
    .select()
    .from(weeklyActions)
    .where(
      and(
        published,
        lt(weeklyActions.endDate, today),
        after
          ? sql`(${weeklyActions.startDate}, ${weeklyActions.createdAt}, ${weeklyActions.id}) < (${after.start}, ${after.created}, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(weeklyActions.startDate), desc(weeklyActions.createdAt), desc(weeklyActions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    actions: page.map((r) => toPublicAction(r, today, lang)),
    next_cursor:
      rows.length > limit && last?.startDate
        ? encodeCursor([ARCHIVE_CURSOR_VERSION, last.startDate, last.createdAt, last.id])
        : null,
  };
}

/** A published action by slug, whatever its timing (links in emails and shares keep working). */
export async function findPublishedBySlug(
  db: Db,
  timeZone: string,
  now: Date,
  slug: string,
  lang: Locale = "en",
): Promise<PublicActionWithImpact | null> {
  const [row] = await selectWithImpact(db)
    .where(and(published, eq(weeklyActions.slug, slug)))
    .limit(1);
  return row ? withImpact(row, dayInZone(now, timeZone), lang) : null;
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
