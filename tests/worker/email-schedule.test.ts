import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailCampaigns } from "../../db/schema";
import { runScheduled } from "../../worker/jobs/scheduled";
import { db } from "./helpers";
import { createAction } from "./support/factories";

const at = (iso: string) => new Date(iso);

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
  it("opens the campaign at 09:00 on the first Monday of a Sunday–Saturday week, not on the Sunday", async () => {
    // Only subscribers without a zone (SITE_TIMEZONE) exist in this file at this point.
    const action = await createAction({ startDate: "2026-03-08", endDate: "2026-03-14" });
    await tick("2026-03-08T16:00:00Z"); // Sunday 09:00 PDT: the old rule's time
    expect(await weeklyCampaignOf(action.id)).toBeUndefined();
    await tick("2026-03-09T15:55:00Z");
    expect(await weeklyCampaignOf(action.id)).toBeUndefined();
    await tick("2026-03-09T16:00:00Z"); // Monday 09:00 PDT
    expect(await weeklyCampaignOf(action.id)).toMatchObject({
      kind: "weekly",
      triggeredBy: "schedule",
      sendDay: "2026-03-09",
    });
    // Later ticks do not open another one.
    await tick("2026-03-09T16:05:00Z");
    expect(await db().select().from(emailCampaigns).where(eq(emailCampaigns.actionId, action.id))).toHaveLength(1);
  });

  it("opens a run with no Monday on its start date", async () => {
    const action = await createAction({ startDate: "2026-11-03", endDate: "2026-11-07" });
    await tick("2026-11-03T16:55:00Z");
    expect(await weeklyCampaignOf(action.id)).toBeUndefined();
    await tick("2026-11-03T17:00:00Z"); // Tuesday 09:00 PST
    expect(await weeklyCampaignOf(action.id)).toMatchObject({ sendDay: "2026-11-03" });
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
    const done = await vi.waitFor(
      async () => {
        const [row] = await db()
          .select()
          .from(emailCampaigns)
          .where(eq(emailCampaigns.id, campaign?.id as string));
        expect(row?.fanoutDoneAt).toBeTruthy();
        return row as typeof emailCampaigns.$inferSelect;
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(done.status === "sending" || done.status === "completed").toBe(true);
  }, 70_000);
});
