import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailCampaigns } from "../../db/schema";
import { isSendDue, weeklySendDueAt } from "../../worker/features/email/schedule";
import { runScheduled } from "../../worker/jobs/scheduled";
import { dayInZone, localToUtc } from "../../worker/platform/zoned-time";
import { createAction, eventually } from "./email-fixtures";
import { db } from "./helpers";

const LA = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);

describe("09:00 Pacific, DST-correct", () => {
  it("is 16:00 UTC in summer time and 17:00 UTC in winter time, including both change days", () => {
    // 2026-03-08: clocks spring forward at 02:00 → PDT (UTC-7) by 09:00.
    expect(weeklySendDueAt("2026-03-08", LA).toISOString()).toBe("2026-03-08T16:00:00.000Z");
    expect(weeklySendDueAt("2026-03-07", LA).toISOString()).toBe("2026-03-07T17:00:00.000Z");
    // 2026-11-01: clocks fall back at 02:00 → PST (UTC-8) by 09:00.
    expect(weeklySendDueAt("2026-11-01", LA).toISOString()).toBe("2026-11-01T17:00:00.000Z");
    expect(weeklySendDueAt("2026-10-31", LA).toISOString()).toBe("2026-10-31T16:00:00.000Z");
    expect(localToUtc("2026-07-01", "09:00", "Europe/London").toISOString()).toBe("2026-07-01T08:00:00.000Z");
  });

  it("is due from 09:00 on the start date until the action's last day", () => {
    const spring = { startDate: "2026-03-08", endDate: "2026-03-14" };
    expect(isSendDue(spring, at("2026-03-08T15:59:59Z"), LA)).toBe(false);
    expect(isSendDue(spring, at("2026-03-08T16:00:00Z"), LA)).toBe(true);
    const fall = { startDate: "2026-11-01", endDate: "2026-11-07" };
    expect(isSendDue(fall, at("2026-11-01T16:00:00Z"), LA)).toBe(false); // 08:00 PST
    expect(isSendDue(fall, at("2026-11-01T16:59:00Z"), LA)).toBe(false);
    expect(isSendDue(fall, at("2026-11-01T17:00:00Z"), LA)).toBe(true);
    // The last day counts in Pacific time: 2026-11-08T07:00Z is still Nov 7 there.
    expect(isSendDue(fall, at("2026-11-08T07:00:00Z"), LA)).toBe(true);
    expect(isSendDue(fall, at("2026-11-08T08:00:00Z"), LA)).toBe(false);
    // No end date: a week.
    expect(isSendDue({ startDate: "2026-11-01", endDate: null }, at("2026-11-07T20:00:00Z"), LA)).toBe(true);
    expect(isSendDue({ startDate: "2026-11-01", endDate: null }, at("2026-11-08T20:00:00Z"), LA)).toBe(false);
    expect(isSendDue({ startDate: null, endDate: null }, at("2026-11-08T20:00:00Z"), LA)).toBe(false);
    expect(dayInZone(at("2026-11-01T06:59:00Z"), LA)).toBe("2026-10-31");
  });
});

const weeklyCampaignOf = async (actionId: string) =>
  (
    await db()
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.actionId, actionId), eq(emailCampaigns.kind, "weekly")))
  )[0];

const tick = (iso: string) =>
  runScheduled(createScheduledController({ scheduledTime: at(iso), cron: "*/5 * * * *" }), env);

describe("the cron tick", () => {
  it("opens the campaign at 09:00 Pacific on the spring-forward day, not before", async () => {
    const action = await createAction({ startDate: "2026-03-08", endDate: "2026-03-14" });
    await tick("2026-03-08T15:55:00Z");
    expect(await weeklyCampaignOf(action.id)).toBeUndefined();
    await tick("2026-03-08T16:00:00Z");
    expect(await weeklyCampaignOf(action.id)).toMatchObject({ kind: "weekly", triggeredBy: "schedule" });
    // Later ticks do not open another one.
    await tick("2026-03-08T16:05:00Z");
    expect(await db().select().from(emailCampaigns).where(eq(emailCampaigns.actionId, action.id))).toHaveLength(1);
  });

  it("opens the campaign at 09:00 Pacific on the fall-back day, not an hour early", async () => {
    const action = await createAction({ startDate: "2026-11-01", endDate: "2026-11-07" });
    await tick("2026-11-01T16:00:00Z");
    expect(await weeklyCampaignOf(action.id)).toBeUndefined();
    await tick("2026-11-01T17:00:00Z");
    expect(await weeklyCampaignOf(action.id)).toBeDefined();
  });

  it("skips drafts, actions with schedule_send off and actions whose week is over", async () => {
    const draft = await createAction({ startDate: "2027-02-07", endDate: "2027-02-13", status: "draft" });
    const manual = await createAction({ startDate: "2027-02-07", endDate: "2027-02-13", scheduleSend: false });
    const stale = await createAction({ startDate: "2027-01-24", endDate: "2027-01-30" });
    await tick("2027-02-07T18:00:00Z");
    expect(await weeklyCampaignOf(draft.id)).toBeUndefined();
    expect(await weeklyCampaignOf(manual.id)).toBeUndefined();
    expect(await weeklyCampaignOf(stale.id)).toBeUndefined();
  });

  it("restarts a campaign whose first fan-out page was never enqueued", async () => {
    const action = await createAction();
    const [campaign] = await db()
      .insert(emailCampaigns)
      .values({ actionId: action.id, kind: "weekly", createdAt: new Date(Date.now() - 11 * 60_000).toISOString() })
      .returning();
    await runScheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/5 * * * *" }), env);
    const done = await eventually(async () => {
      const [row] = await db()
        .select()
        .from(emailCampaigns)
        .where(eq(emailCampaigns.id, campaign?.id as string));
      return row?.fanoutDoneAt ? row : null;
    }, 60_000);
    expect(done.status === "sending" || done.status === "completed").toBe(true);
  }, 70_000);
});
