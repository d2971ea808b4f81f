import { and, desc, eq, isNotNull, lte } from "drizzle-orm";
import type { MemberStats } from "#contract/completions/schemas";
import { computeStreaks, currentWeekStart } from "#contract/completions/streaks";
import { addDays } from "#contract/platform/zoned-time";
import { actionCompletions, weeklyActions } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { COMPLETIONS_LIMIT } from "./service";

const DAY_MS = 86_400_000;

/** Spec §9's Days Active: whole days since the oldest completion, 0 without one. */
export function daysActive(oldestCompletedAt: string | null, now: Date): number {
  if (!oldestCompletedAt) return 0;
  const oldest = Date.parse(oldestCompletedAt);
  return Number.isNaN(oldest) ? 0 : Math.max(0, Math.floor((now.getTime() - oldest) / DAY_MS));
}

/**
 * The member's stats in one D1 batch: their completions (bounded like the list) and the published
 * actions that have started (a decade of weeks at most), from which the streaks are computed.
 */
export async function memberStats(db: Db, userId: string, timeZone: string, now: Date): Promise<MemberStats> {
  const thisWeek = currentWeekStart(now, timeZone);
  const lastDayOfWeek = addDays(thisWeek, 6);
  const [completions, actions] = await db.batch([
    db
      .select({
        actionId: actionCompletions.actionId,
        notes: actionCompletions.notes,
        at: actionCompletions.completedAt,
      })
      .from(actionCompletions)
      .where(eq(actionCompletions.userId, userId))
      .limit(COMPLETIONS_LIMIT),
    db
      .select({ id: weeklyActions.id, start_date: weeklyActions.startDate })
      .from(weeklyActions)
      .where(
        and(
          eq(weeklyActions.status, "published"),
          isNotNull(weeklyActions.startDate),
          lte(weeklyActions.startDate, lastDayOfWeek),
        ),
      )
      .orderBy(desc(weeklyActions.startDate))
      .limit(COMPLETIONS_LIMIT),
  ]);

  const completed = new Set(completions.flatMap((c) => (c.actionId ? [c.actionId] : [])));
  const oldest = completions.reduce<string | null>((min, c) => (min === null || c.at < min ? c.at : min), null);
  const streaks = computeStreaks(
    actions.flatMap((a) => (a.start_date ? [{ id: a.id, start_date: a.start_date }] : [])),
    completed,
    thisWeek,
  );
  return {
    completed_count: completions.length,
    with_notes_count: completions.filter((c) => c.notes !== null && c.notes.trim() !== "").length,
    days_active: daysActive(oldest, now),
    ...streaks,
  };
}
