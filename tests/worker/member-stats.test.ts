import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { weekStartOf } from "#contract/completions/streaks";
import { addDays, dayInZone } from "#contract/platform/zoned-time";
import { actionCompletions, users } from "../../db/schema";
import { config, db, signIn } from "./helpers";
import { client, ok } from "./support/client";
import { createAction, createSubscriber, createUser } from "./support/factories";

describe("GET /api/me/stats", () => {
  it("requires sign-in", async () => {
    expect((await client.api.me.stats.$get()).status).toBe(401);
  });

  it("computes counts and streaks from the member's stored completions", async () => {
    const user = await createUser();
    const { headers } = await signIn(user);
    const stats = () => ok(client.api.me.stats.$get(undefined, { headers }));
    const empty = await stats();
    expect(empty).toMatchObject({ completed_count: 0, with_notes_count: 0, days_active: 0, current_streak_weeks: 0 });
    // Joined this week: one week, nothing missed before it (decision 228).
    expect(empty.weeks).toHaveLength(1);

    // Weekly actions for the last four weeks, one per week; this week's one is not done yet.
    const thisWeek = weekStartOf(dayInZone(new Date(), config().SITE_TIMEZONE));
    const weekly = [];
    for (let i = 3; i >= 0; i--) {
      const start = addDays(thisWeek, -7 * i + 1);
      weekly.push(await createAction({ startDate: start, endDate: addDays(start, 6) }));
    }
    const [w3, w2, w1] = weekly;
    for (const [a, notes] of [
      [w3, "first"],
      [w2, null],
      [w1, "late, but counts for its week"],
    ] as const) {
      await ok(
        client.api.me.completions[":actionId"].$put({ param: { actionId: a?.id ?? "" }, json: { notes } }, { headers }),
      );
    }
    await db()
      .update(actionCompletions)
      .set({ completedAt: new Date(Date.now() - 10 * 86_400_000).toISOString() })
      .where(eq(actionCompletions.actionId, w3?.id ?? ""));

    const counted = await stats();
    expect(counted).toMatchObject({
      completed_count: 3,
      with_notes_count: 2,
      days_active: 10,
      current_streak_weeks: 3,
      longest_streak_weeks: 3,
    });
    expect(counted.weeks.at(-1)).toEqual({ week_start: thisWeek, action_id: weekly[3]?.id, completed: false });
    expect(counted.weeks.at(-2)).toEqual({ week_start: addDays(thisWeek, -7), action_id: w1?.id, completed: true });
  });

  it("starts the weeks when the member joined: their subscription's creation when it came before the account", async () => {
    const user = await createUser();
    const { headers } = await signIn(user);
    const stats = () => ok(client.api.me.stats.$get(undefined, { headers }));
    const thisWeek = weekStartOf(dayInZone(new Date(), config().SITE_TIMEZONE));
    // An action every week for the last eleven weeks; none recorded.
    for (let i = 10; i >= 0; i--) {
      const start = addDays(thisWeek, -7 * i + 1);
      await createAction({ startDate: start, endDate: addDays(start, 6) });
    }
    // Subscribed three weeks ago (the account came later, with the first sign-in).
    const weeksAgo = (n: number) => new Date(Date.now() - n * 7 * 86_400_000).toISOString();
    await createSubscriber({ email: user.email, createdAt: weeksAgo(3) });
    const joined = weekStartOf(dayInZone(new Date(weeksAgo(3)), config().SITE_TIMEZONE));
    const fromSubscription = await stats();
    expect(fromSubscription.weeks[0]?.week_start).toBe(joined);
    expect(fromSubscription.weeks.filter((w) => w.week_start < joined)).toEqual([]);
    expect(fromSubscription.weeks.length).toBeLessThanOrEqual(4);

    // An account older than the subscription starts the weeks instead.
    await db()
      .update(users)
      .set({ createdAt: weeksAgo(6) })
      .where(eq(users.id, user.id));
    const fromAccount = await stats();
    expect(fromAccount.weeks[0]?.week_start).toBe(
      weekStartOf(dayInZone(new Date(weeksAgo(6)), config().SITE_TIMEZONE)),
    );
    expect(fromAccount.current_streak_weeks).toBe(0);
  });
});
