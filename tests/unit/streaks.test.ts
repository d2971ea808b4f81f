import { describe, expect, it } from "vitest";
import { computeStreaks, currentWeekStart, STRIP_WEEKS, weekStartOf, weekState } from "#contract/completions/streaks";
import { addDays } from "#contract/platform/zoned-time";

/** One action a week, starting on the Monday after each Sunday given. */
const weekly = (sundays: string[]) => sundays.map((s, i) => ({ id: `a${i}`, start_date: addDays(s, 1) }));
const sundaysFrom = (first: string, count: number) => Array.from({ length: count }, (_, i) => addDays(first, 7 * i));

describe("week boundaries", () => {
  it("starts weeks on Sunday, across month and year boundaries", () => {
    expect(weekStartOf("2026-11-24")).toBe("2026-11-22");
    expect(weekStartOf("2026-11-22")).toBe("2026-11-22");
    expect(weekStartOf("2027-01-01")).toBe("2026-12-27");
    expect(weekStartOf("2027-01-02")).toBe("2026-12-27");
    expect(weekStartOf("2024-03-01")).toBe("2024-02-25");
  });

  it("reads 'this week' in the site's time zone, DST-correctly", () => {
    const la = "America/Los_Angeles";
    // DST began 2026-03-08 at 02:00 local. 23:30 on Saturday the 7th is still the old week…
    expect(currentWeekStart(new Date("2026-03-08T07:30:00Z"), la)).toBe("2026-03-01");
    // …and 00:30 on Sunday the 8th (still PST, UTC-8) is the new one.
    expect(currentWeekStart(new Date("2026-03-08T08:30:00Z"), la)).toBe("2026-03-08");
    // DST ended 2026-11-01 at 02:00 local: 23:59 PDT on Saturday Oct 31 is 06:59 UTC.
    expect(currentWeekStart(new Date("2026-11-01T06:59:00Z"), la)).toBe("2026-10-25");
    expect(currentWeekStart(new Date("2026-11-01T07:00:00Z"), la)).toBe("2026-11-01");
    // UTC is already in the next week while Los Angeles is not.
    expect(currentWeekStart(new Date("2026-11-29T03:00:00Z"), la)).toBe("2026-11-22");
    expect(currentWeekStart(new Date("2026-11-29T03:00:00Z"), "UTC")).toBe("2026-11-29");
  });
});

describe("computeStreaks", () => {
  it("counts consecutive weeks across a year boundary", () => {
    const sundays = sundaysFrom("2026-12-13", 5); // Dec 13, 20, 27, Jan 3, Jan 10
    const actions = weekly(sundays);
    const done = new Set(actions.map((a) => a.id));
    const s = computeStreaks(actions, done, "2027-01-10");
    expect(s.current_streak_weeks).toBe(5);
    expect(s.longest_streak_weeks).toBe(5);
  });

  it("breaks the current streak at a missed week but keeps the longest", () => {
    const actions = weekly(sundaysFrom("2026-09-06", 8));
    const done = new Set(["a0", "a1", "a2", "a3", "a5", "a6", "a7"]); // a4 missed
    const s = computeStreaks(actions, done, "2026-10-25");
    expect(s.current_streak_weeks).toBe(3);
    expect(s.longest_streak_weeks).toBe(4);
  });

  it("does not break the streak for this week while it is still open", () => {
    const actions = weekly(sundaysFrom("2026-11-01", 4));
    const s = computeStreaks(actions, new Set(["a0", "a1", "a2"]), "2026-11-22");
    expect(s.current_streak_weeks).toBe(3);
    expect(weekState(s.weeks.at(-1) as (typeof s.weeks)[number], "2026-11-22")).toBe("current");
    // Recording this week's action extends it.
    expect(computeStreaks(actions, new Set(["a0", "a1", "a2", "a3"]), "2026-11-22").current_streak_weeks).toBe(4);
  });

  it("ends the current streak when last week was missed", () => {
    const actions = weekly(sundaysFrom("2026-11-01", 4));
    const s = computeStreaks(actions, new Set(["a0", "a1"]), "2026-11-22");
    expect(s.current_streak_weeks).toBe(0);
    expect(s.longest_streak_weeks).toBe(2);
  });

  it("skips weeks with no published action: they neither break nor extend a streak", () => {
    // Actions on Oct 4, Oct 11, then none for two weeks, then Nov 1 and Nov 8.
    const actions = weekly(["2026-10-04", "2026-10-11", "2026-11-01", "2026-11-08"]);
    const s = computeStreaks(actions, new Set(["a0", "a1", "a2", "a3"]), "2026-11-08");
    expect(s.current_streak_weeks).toBe(4);
    const strip = s.weeks.map((w) => weekState(w, "2026-11-08"));
    expect(strip.slice(-4)).toEqual(["no-action", "no-action", "done", "done"]);
  });

  it("counts a late completion for its action's week", () => {
    const actions = weekly(sundaysFrom("2026-11-01", 3));
    // a1 was recorded weeks later; the rule is the action's week, not the day it was recorded.
    const s = computeStreaks(actions, new Set(["a0", "a1", "a2"]), "2026-11-15");
    expect(s.current_streak_weeks).toBe(3);
  });

  it("returns a 12-week strip ending this week, with the week's action and state", () => {
    const actions = weekly(sundaysFrom("2026-08-02", 17));
    const s = computeStreaks(actions, new Set(["a15"]), "2026-11-22");
    expect(s.weeks).toHaveLength(STRIP_WEEKS);
    expect(s.weeks[0]?.week_start).toBe("2026-09-06");
    expect(s.weeks.at(-1)).toEqual({ week_start: "2026-11-22", action_id: "a16", completed: false });
    expect(s.weeks.at(-2)).toEqual({ week_start: "2026-11-15", action_id: "a15", completed: true });
    expect(weekState(s.weeks.at(-3) as (typeof s.weeks)[number], "2026-11-22")).toBe("missed");
  });

  it("ignores actions that start after this week, and counts a week with two actions once", () => {
    const actions = [
      { id: "x", start_date: "2026-11-16" },
      { id: "y", start_date: "2026-11-19" },
      { id: "future", start_date: "2026-12-07" },
    ];
    const s = computeStreaks(actions, new Set(["y", "future"]), "2026-11-22");
    expect(s.current_streak_weeks).toBe(1);
    expect(s.longest_streak_weeks).toBe(1);
    expect(s.weeks.at(-2)).toEqual({ week_start: "2026-11-15", action_id: "y", completed: true });
  });

  it("is zero with nothing recorded", () => {
    const s = computeStreaks([], new Set(), "2026-11-22");
    expect(s).toMatchObject({ current_streak_weeks: 0, longest_streak_weeks: 0 });
    expect(s.weeks.every((w) => !w.completed && w.action_id === null)).toBe(true);
  });
});

describe("weeks before the member joined (decision 228)", () => {
  it("are not missed: the strip starts the week they joined, and earlier weeks do not break a streak", () => {
    const sundays = sundaysFrom("2026-09-06", 12); // Sep 6 … Nov 22
    const actions = weekly(sundays);
    const thisWeek = "2026-11-22";
    // Joined nine weeks in, on a Wednesday; did the two weeks since.
    const joinedWeek = weekStartOf("2026-11-04");
    const done = new Set([actions[10]?.id as string]);
    const s = computeStreaks(actions, done, thisWeek, joinedWeek);
    expect(s.weeks.map((w) => w.week_start)).toEqual(["2026-11-01", "2026-11-08", "2026-11-15", "2026-11-22"]);
    expect(s.weeks.map((w) => weekState(w, thisWeek))).toEqual(["missed", "missed", "done", "current"]);
    expect(s.current_streak_weeks).toBe(1);

    // Joined this week: one square, nothing missed, nothing broken.
    const fresh = computeStreaks(actions, new Set(), thisWeek, thisWeek);
    expect(fresh.weeks.map((w) => weekState(w, thisWeek))).toEqual(["current"]);
    expect(fresh.longest_streak_weeks).toBe(0);
  });

  it("a week before joining that the member recorded late counts, and the strip starts there", () => {
    const sundays = sundaysFrom("2026-09-06", 12);
    const actions = weekly(sundays);
    const thisWeek = "2026-11-22";
    const done = new Set([actions[8]?.id as string, actions[10]?.id as string, actions[11]?.id as string]);
    const s = computeStreaks(actions, done, thisWeek, "2026-11-15");
    // Nov 1 recorded late; Nov 8 was before joining, so it neither breaks nor counts.
    expect(s.weeks[0]?.week_start).toBe("2026-11-01");
    expect(s.current_streak_weeks).toBe(3);
    expect(s.longest_streak_weeks).toBe(3);
  });

  it("without a known join date, shows the last 12 weeks as before", () => {
    const actions = weekly(sundaysFrom("2026-09-06", 12));
    expect(computeStreaks(actions, new Set(), "2026-11-22").weeks).toHaveLength(STRIP_WEEKS);
  });
});
