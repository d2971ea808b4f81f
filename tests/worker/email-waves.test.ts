import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, isNull, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { alerts, emailCampaigns, emailCampaignWaves, outboxMessages, subscribers } from "../../db/schema";
import { timeZoneAt } from "../../db/seed/zip-rows";
import { listCampaigns, SENDING_IN_WAVES_MESSAGE, startWeeklyCampaign } from "../../worker/features/email/campaigns";
import type { EmailJob } from "../../worker/features/email/jobs";
import { runWeeklySchedule } from "../../worker/features/email/waves";
import { runScheduled } from "../../worker/jobs/scheduled";
import { campaignRow, runConsumer, testDeps } from "./email-fixtures";
import { db } from "./helpers";
import { client } from "./support/client";
import { createAction, createSubscriber, uniqueEmail } from "./support/factories";

const NY = "America/New_York";
const LA = "America/Los_Angeles";
const PHX = "America/Phoenix";
const HNL = "Pacific/Honolulu";

/**
 * The queue as the consumer sees it, recorded instead of delivered, so a test can deliver every
 * message twice (Queues are at-least-once) and decide when each round arrives.
 */
function recordingQueue() {
  const pending: EmailJob[] = [];
  const queue = {
    send: async (body: EmailJob) => {
      pending.push(body);
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<EmailJob>>) => {
      for (const m of messages) pending.push(m.body);
    },
  } as unknown as Queue<EmailJob>;
  return { queue, take: () => pending.splice(0) };
}

const weeklyCampaignOf = async (actionId: string) =>
  (
    await db()
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.actionId, actionId), eq(emailCampaigns.kind, "weekly")))
  )[0];

/** The queue runs in real time: up to a minute for its batches on a loaded machine. */
const QUEUE_WAIT = { timeout: 60_000, interval: 250 };

/** Every open wave of the action's campaign has fanned out and every recipient it wrote is settled. */
async function expectWavesSettled(actionId: string) {
  const c = await weeklyCampaignOf(actionId);
  expect(c).toBeDefined();
  const open = await db()
    .select()
    .from(emailCampaignWaves)
    .where(and(eq(emailCampaignWaves.campaignId, c?.id ?? ""), isNull(emailCampaignWaves.fanoutDoneAt)));
  expect(open).toEqual([]);
  expect((c?.sentCount ?? 0) + (c?.failedCount ?? 0) + (c?.skippedCount ?? 0)).toBe(c?.totalRecipients);
}

/** Weekly emails of one campaign per recipient address (the outbox's idempotency key is campaign:subscriber). */
async function mailsByAddress(campaignId: string) {
  const rows = await db()
    .select({ to: outboxMessages.to })
    .from(outboxMessages)
    .where(like(outboxMessages.idempotencyKey, `${campaignId}:%`));
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.to, (counts.get(r.to) ?? 0) + 1);
  return counts;
}

describe("waves per time zone", () => {
  it("sends each zone at its own 09:00 on the Monday after the November change, exactly once with every message delivered twice", async () => {
    // Week of Sunday 2026-11-01 (the change to standard time) → sent Monday 2026-11-02.
    const action = await createAction({ startDate: "2026-11-01", endDate: "2026-11-07" });
    const people = {
      ny: await createSubscriber({ timeZone: NY }),
      ny2: await createSubscriber({ timeZone: NY }),
      phx: await createSubscriber({ timeZone: PHX }),
      la: await createSubscriber({ timeZone: LA }),
      hnl: await createSubscriber({ timeZone: HNL }),
    };
    const rec = recordingQueue();
    let messages = 0;
    /** One cron tick at `iso`, then every message it caused, each delivered twice, until the queue is empty. */
    const tickAndDrain = async (iso: string) => {
      const deps = testDeps({ queue: rec.queue, now: () => new Date(iso) });
      await runWeeklySchedule(deps);
      for (let round = 0; round < 20; round++) {
        const jobs = rec.take();
        if (jobs.length === 0) return;
        messages += jobs.length;
        await runConsumer([...jobs, ...jobs], deps, { attempts: 1 });
        await runConsumer(jobs, deps, { attempts: 2 });
      }
      throw new Error("the queue did not drain");
    };
    const got = async () => {
      const c = await weeklyCampaignOf(action.id);
      const counts = c ? await mailsByAddress(c.id) : new Map<string, number>();
      return Object.fromEntries(Object.entries(people).map(([k, s]) => [k, counts.get(s.email) ?? 0]));
    };

    await tickAndDrain("2026-11-01T17:00:00Z"); // Sunday 09:00 PST: nothing
    expect(await weeklyCampaignOf(action.id)).toBeUndefined();
    await tickAndDrain("2026-11-02T13:55:00Z");
    expect(await got()).toEqual({ ny: 0, ny2: 0, phx: 0, la: 0, hnl: 0 });
    await tickAndDrain("2026-11-02T14:00:00Z"); // 09:00 EST
    expect(await got()).toEqual({ ny: 1, ny2: 1, phx: 0, la: 0, hnl: 0 });
    await tickAndDrain("2026-11-02T15:55:00Z");
    expect(await got()).toEqual({ ny: 1, ny2: 1, phx: 0, la: 0, hnl: 0 });
    await tickAndDrain("2026-11-02T16:00:00Z"); // 09:00 MST in Phoenix (it would be 09:00 PDT too, a week earlier)
    expect(await got()).toEqual({ ny: 1, ny2: 1, phx: 1, la: 0, hnl: 0 });
    await tickAndDrain("2026-11-02T16:55:00Z");
    expect((await got()).la).toBe(0);
    await tickAndDrain("2026-11-02T17:00:00Z"); // 09:00 PST
    expect(await got()).toEqual({ ny: 1, ny2: 1, phx: 1, la: 1, hnl: 0 });

    // A New Yorker who joins at 13:00 EST (still Monday there) gets it at the next tick; a Honolulu
    // joiner before 09:00 HST goes with that wave.
    const lateNy = await createSubscriber({ timeZone: NY });
    const earlyHnl = await createSubscriber({ timeZone: HNL });
    await tickAndDrain("2026-11-02T18:00:00Z");
    const campaign = (await weeklyCampaignOf(action.id)) as typeof emailCampaigns.$inferSelect;
    let counts = await mailsByAddress(campaign.id);
    expect(counts.get(lateNy.email)).toBe(1);
    expect(counts.get(earlyHnl.email)).toBeUndefined();
    await tickAndDrain("2026-11-02T19:00:00Z"); // 09:00 HST
    counts = await mailsByAddress(campaign.id);
    expect(await got()).toEqual({ ny: 1, ny2: 1, phx: 1, la: 1, hnl: 1 });
    expect(counts.get(earlyHnl.email)).toBe(1);

    // Joining on Tuesday in New York (Monday is over there): not this week's email.
    const tuesdayNy = await createSubscriber({ timeZone: NY });
    await tickAndDrain("2026-11-03T06:00:00Z");
    expect((await mailsByAddress(campaign.id)).get(tuesdayNy.email)).toBeUndefined();

    // Every ticks again, including after the last zone's Monday: nobody gets a second one.
    for (const iso of ["2026-11-02T19:05:00Z", "2026-11-03T09:55:00Z", "2026-11-03T10:00:00Z", "2026-11-03T10:05:00Z"])
      await tickAndDrain(iso);
    counts = await mailsByAddress(campaign.id);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(messages).toBeGreaterThan(0);

    // The campaign completes once Monday is over in Honolulu (10:00Z Tuesday), its counts add up.
    const done = await campaignRow(campaign.id);
    expect(done.status).toBe("completed");
    expect(done.sentCount + done.failedCount + done.skippedCount).toBe(done.totalRecipients);
    expect(done.sentCount).toBe(counts.size);

    const [status] = (await listCampaigns(db(), "weekly")).filter((c) => c.id === campaign.id);
    const wave = (tz: string) => status?.waves.find((w) => w.time_zone === tz);
    expect(wave(NY)).toMatchObject({ due_at: "2026-11-02T14:00:00.000Z", failed: 0, pending: 0 });
    expect(wave(NY)?.recipients).toBe(wave(NY)?.sent);
    expect(wave(NY)?.sent).toBeGreaterThanOrEqual(3);
    expect(wave(PHX)).toMatchObject({ due_at: "2026-11-02T16:00:00.000Z", pending: 0 });
    expect(wave(LA)).toMatchObject({ due_at: "2026-11-02T17:00:00.000Z", pending: 0 });
    expect(wave(HNL)).toMatchObject({ due_at: "2026-11-02T19:00:00.000Z", pending: 0 });
    expect(wave(HNL)?.sent).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("drives New York at 09:00 Eastern and Los Angeles at 09:00 Pacific through the real cron handler and queue", async () => {
    const action = await createAction({ startDate: "2027-03-14", endDate: "2027-03-20" }); // DST began 2027-03-14
    const ny = await createSubscriber({ timeZone: NY });
    const la = await createSubscriber({ timeZone: LA });
    const tick = (iso: string) =>
      runScheduled(createScheduledController({ scheduledTime: new Date(iso), cron: "*/5 * * * *" }), env);
    const countFor = async (to: string) => {
      const c = await weeklyCampaignOf(action.id);
      return c ? ((await mailsByAddress(c.id)).get(to) ?? 0) : 0;
    };

    await tick("2027-03-15T12:55:00Z");
    expect(await weeklyCampaignOf(action.id)).toBeUndefined();
    await tick("2027-03-15T13:00:00Z"); // 09:00 EDT
    await vi.waitFor(async () => expect(await countFor(ny.email)).toBe(1), QUEUE_WAIT);
    expect(await countFor(la.email)).toBe(0);
    // "Send Weekly Email Now" meanwhile explains that the send is under way, zone by zone.
    await expect(startWeeklyCampaign(testDeps(), { actionId: action.id, triggeredBy: "admin" })).rejects.toMatchObject({
      status: 409,
      message: SENDING_IN_WAVES_MESSAGE,
    });
    // Between waves the send waits for the next zone's 09:00: that is not a stalled send. (The ticks'
    // clock jumps; the queue runs in real time, so the New York wave is let finish first.)
    await vi.waitFor(() => expectWavesSettled(action.id), QUEUE_WAIT);
    await tick("2027-03-15T13:20:00Z");
    await tick("2027-03-15T13:40:00Z");
    const campaign = await weeklyCampaignOf(action.id);
    const stalled = await db()
      .select({ details: alerts.details })
      .from(alerts)
      .where(and(eq(alerts.kind, "campaign_stalled"), eq(alerts.subject, campaign?.id ?? "")));
    expect(stalled).toEqual([]);
    await tick("2027-03-15T16:00:00Z"); // 09:00 PDT
    await vi.waitFor(async () => expect(await countFor(la.email)).toBe(1), QUEUE_WAIT);
    // Another tick: whatever it queued has been delivered once every fanned-out recipient is settled.
    await tick("2027-03-15T16:05:00Z");
    await vi.waitFor(() => expectWavesSettled(action.id), QUEUE_WAIT);
    expect([await countFor(ny.email), await countFor(la.email)]).toEqual([1, 1]);
  }, 150_000);

  it("stores the subscriber's zone from the ZIP at signup, SITE_TIMEZONE without a ZIP or for an unknown one", async () => {
    // Zones as the seed computes them (from the centroid, with the boundary lookup): split states.
    for (const [zip, lat, lon, state] of [
      ["32501", 30.42, -87.22, "FL"],
      ["32301", 30.43, -84.27, "FL"],
      ["79901", 31.76, -106.48, "TX"],
      ["86503", 36.15, -109.55, "AZ"],
      ["86001", 35.2, -111.65, "AZ"],
    ] as const) {
      await env.DB.prepare(
        "INSERT INTO zip_codes (zip, lat, lon, city, state, time_zone) VALUES (?1, ?2, ?3, 'X', ?4, ?5) ON CONFLICT (zip) DO UPDATE SET time_zone = excluded.time_zone",
      )
        .bind(zip, lat, lon, state, timeZoneAt(lat, lon))
        .run();
    }
    const signup = async (zip?: string) => {
      const email = uniqueEmail("tz");
      const res = await client.api.subscribers.$post(
        { json: { first_name: "Robin", email, ...(zip ? { zip_code: zip } : {}) } },
        { headers: { "CF-Connecting-IP": `10.9.${Math.floor(Math.random() * 250)}.1` } },
      );
      expect(res.status).toBe(201);
      const [row] = await db().select().from(subscribers).where(eq(subscribers.email, email));
      return row?.timeZone;
    };
    expect(await signup("32501")).toBe("America/Chicago"); // Florida panhandle
    expect(await signup("32301-1234")).toBe("America/New_York");
    expect(await signup("79901")).toBe("America/Denver"); // El Paso
    expect(await signup("86503")).toBe("America/Denver"); // Navajo Nation keeps daylight time
    expect(await signup("86001")).toBe("America/Phoenix");
    expect(await signup("99999")).toBe(env.SITE_TIMEZONE);
    expect(await signup()).toBe(env.SITE_TIMEZONE);
  });
});
