import { and, desc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { MemberStats } from "#contract/completions/schemas";
import { computeStreaks, currentWeekStart, weekStartOf } from "#contract/completions/streaks";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import { actionCompletions, subscribers, users, weeklyActions } from "../../../db/schema";
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
 * actions that have started (a decade of weeks at most), from which the streaks are computed, and when the
 * member joined: their account's or their subscription's creation, whichever came first (decision 228).
 */
export async function memberStats(db: Db, userId: string, timeZone: string, now: Date): Promise<MemberStats> {
  const thisWeek = currentWeekStart(now, timeZone);
  const lastDayOfWeek = addDays(thisWeek, 6);
  const [completions, actions, account, subscription] = await db.batch([
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
    db.select({ at: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ at: subscribers.createdAt })
      .from(subscribers)
      .where(inArray(subscribers.email, db.select({ email: users.email }).from(users).where(eq(users.id, userId))))
      .limit(1),
  ]);

  const completed = new Set(completions.flatMap((c) => (c.actionId ? [c.actionId] : [])));
  const oldest = completions.reduce<string | null>((min, c) => (min === null || c.at < min ? c.at : min), null);
  const joinedAt = [account[0]?.at, subscription[0]?.at]
    .filter((at): at is string => typeof at === "string" && !Number.isNaN(Date.parse(at)))
    .sort()[0];
  const streaks = computeStreaks(
    actions.flatMap((a) => (a.start_date ? [{ id: a.id, start_date: a.start_date }] : [])),
    completed,
    thisWeek,
    joinedAt ? weekStartOf(dayInZone(new Date(joinedAt), timeZone)) : undefined,
  );
  return {
    completed_count: completions.length,
    with_notes_count: completions.filter((c) => c.notes !== null && c.notes.trim() !== "").length,
    days_active: daysActive(oldest, now),
    ...streaks,
  };
}
