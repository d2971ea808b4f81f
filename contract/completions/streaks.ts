import { addDays, dayInZone, dayOfWeek } from "../platform/zoned-time";

/**
 * Weekly streaks (decision 081). Weeks run Sunday–Saturday on the site's calendar. A week counts
 * when the member recorded that week's action — the action whose start date falls in the week —
 * whenever they recorded it, so completing a past action late fills its own week. Weeks without a
 * published action neither break nor extend a streak. The current week, not yet done, is "current"
 * and does not break the streak either. Weeks before the member joined (decision 228) are not theirs to miss:
 * they neither break nor extend a streak unless recorded, and the strip starts at the week they joined (or at
 * an earlier week they recorded). Pure: dates are YYYY-MM-DD strings, so DST cannot shift them.
 */

export const STRIP_WEEKS = 12;

export type StreakAction = { id: string; start_date: string };
export type StreakWeek = { week_start: string; action_id: string | null; completed: boolean };
export type Streaks = { current_streak_weeks: number; longest_streak_weeks: number; weeks: StreakWeek[] };

/** The Sunday on or before `day`. */
export const weekStartOf = (day: string): string => addDays(day, -dayOfWeek(day));

/** The Sunday starting the week that contains `now` in `timeZone`. */
export const currentWeekStart = (now: Date, timeZone: string): string => weekStartOf(dayInZone(now, timeZone));

/**
 * `actions`: published actions that have started (any order); `completed`: ids of the actions the
 * member recorded; `thisWeek`: the current week's Sunday; `joinedWeek`: the Sunday of the week the member
 * signed up (their account's or subscription's creation, whichever came first), if known.
 */
export function computeStreaks(
  actions: StreakAction[],
  completed: ReadonlySet<string>,
  thisWeek: string,
  joinedWeek?: string,
): Streaks {
  // Per week: the week's actions (newest start first) and whether any of them was recorded.
  const byWeek = new Map<string, { actionId: string; startDate: string; done: boolean }>();
  for (const a of actions) {
    const week = weekStartOf(a.start_date);
    if (week > thisWeek) continue;
    const done = completed.has(a.id);
    const seen = byWeek.get(week);
    if (!seen) {
      byWeek.set(week, { actionId: a.id, startDate: a.start_date, done });
      continue;
    }
    // The week shows the action that was recorded, else its latest one.
    const prefer = (done && !seen.done) || (done === seen.done && a.start_date > seen.startDate);
    byWeek.set(
      week,
      prefer
        ? { actionId: a.id, startDate: a.start_date, done: done || seen.done }
        : { ...seen, done: done || seen.done },
    );
  }

  const beforeJoining = (week: string) => joinedWeek !== undefined && week < joinedWeek;
  // A week before joining counts only if the member recorded its action (late): it cannot be missed.
  const weeksWithActions = [...byWeek.keys()].filter((w) => byWeek.get(w)?.done || !beforeJoining(w)).sort();
  let longest = 0;
  let run = 0;
  for (const week of weeksWithActions) {
    run = byWeek.get(week)?.done ? run + 1 : 0;
    longest = Math.max(longest, run);
  }

  let current = 0;
  for (let i = weeksWithActions.length - 1; i >= 0; i--) {
    const week = weeksWithActions[i] as string;
    const done = byWeek.get(week)?.done ?? false;
    if (done) current++;
    else if (week === thisWeek) continue;
    else break;
  }

  // The strip: the last STRIP_WEEKS weeks, from the week the member joined or recorded first, whichever is earlier.
  const firstDone = weeksWithActions.find((w) => byWeek.get(w)?.done);
  const starts =
    joinedWeek === undefined ? undefined : [joinedWeek, firstDone].filter((w) => w !== undefined).sort()[0];
  const weeks: StreakWeek[] = [];
  for (let i = STRIP_WEEKS - 1; i >= 0; i--) {
    const week = addDays(thisWeek, -7 * i);
    if (starts !== undefined && week < starts && week !== thisWeek) continue;
    const entry = byWeek.get(week);
    weeks.push({ week_start: week, action_id: entry?.actionId ?? null, completed: entry?.done ?? false });
  }
  return { current_streak_weeks: current, longest_streak_weeks: longest, weeks };
}

/** What the strip shows for a week (the page says it in words too). */
export type WeekState = "done" | "missed" | "current" | "no-action";

export function weekState(week: StreakWeek, thisWeek: string): WeekState {
  if (week.completed) return "done";
  if (week.week_start === thisWeek) return "current";
  return week.action_id ? "missed" : "no-action";
}
