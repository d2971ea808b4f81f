import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DELIVERY_RETENTION_DAYS,
  ENDED_SESSION_DAYS,
  EXPIRED_REFRESH_TOKEN_DAYS,
  LEDGER_BATCHES_PER_RUN,
  PRUNE_BATCH_SIZE,
  SENDER_IP_DAYS,
  WEBHOOK_ADDRESS_DAYS,
  WEBHOOK_EVENT_DAYS,
} from "#contract/retention/windows";
import {
  contactMessages,
  emailCampaigns,
  emailDeliveries,
  emailSoftBounceStreaks,
  emailWebhookEvents,
  eventSubmissions,
  refreshTokens,
  sessions,
} from "../../db/schema";
import { SESSION_MAX_AGE_DAYS } from "../../worker/features/auth/sessions";
import { type LedgerPruneJob, runLedgerPruneJob } from "../../worker/features/retention/ledger-pages";
import { PRUNE_MAX_STATEMENTS } from "../../worker/features/retention/prune";
import { readEmailHistory } from "../../worker/features/subscribers/admin-history";
import { DAILY_CRON, runScheduled } from "../../worker/jobs/scheduled";
import { withD1Limits } from "../../worker/platform/d1-limits";
import { createDb } from "../../worker/platform/db";
import { db } from "./helpers";
import { createSubmission, createUser, uniqueEmail } from "./support/factories";

const DAY = 86_400_000;
/**
 * The daily run under test is tomorrow's, and every row is dated relative to it. (Running far in the
 * future instead would also prune other test files' fresh rows in the shared local database.)
 */
const runAt = Date.now() + DAY;
const daysBefore = (days: number) => new Date(runAt - days * DAY).toISOString();

/** The real cron, through the same D1-limit checker the Worker entry wraps each invocation in. */
async function dailyRun(): Promise<{ queries: number }> {
  const usage = { queries: 0 };
  await runScheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: runAt }), withD1Limits(env, usage));
  return usage;
}

type Campaign = { status: "sending" | "completed" | "failed"; createdDaysAgo: number; completedDaysAgo?: number };

/**
 * A weekly campaign with `rows` ledger rows written when it was created: all 'sent' but the first,
 * 'failed', so the triggers count both into the campaign's totals. One statement, however many rows.
 */
async function seedCampaign(c: Campaign, rows: number, subscriberId?: (i: number) => string) {
  const [campaign] = await db()
    .insert(emailCampaigns)
    .values({
      kind: "weekly",
      status: c.status,
      createdAt: daysBefore(c.createdDaysAgo),
      completedAt: c.completedDaysAgo === undefined ? null : daysBefore(c.completedDaysAgo),
      fanoutDoneAt: daysBefore(c.createdDaysAgo),
    })
    .returning();
  if (!campaign) throw new Error("no campaign");
  const at = daysBefore(c.createdDaysAgo);
  // Through the ledger's view in its old shape (its INSTEAD OF trigger writes the compact rows, decision 245).
  if (subscriberId) {
    const ids = Array.from({ length: rows }, (_, i) => subscriberId(i + 1));
    await env.DB.prepare(
      `INSERT INTO email_deliveries (campaign_id, subscriber_id, email, status, created_at, updated_at)
       SELECT ?1, j.value, 'r' || j.key || '@example.com', CASE WHEN j.key = 0 THEN 'failed' ELSE 'sent' END, ?3, ?3
       FROM json_each(?2) j`,
    )
      .bind(campaign.id, JSON.stringify(ids), at)
      .run();
  } else {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
       INSERT INTO email_deliveries (campaign_id, subscriber_id, email, status, created_at, updated_at)
       SELECT ?1, ?1 || '-sub-' || i, 'r' || i || '@example.com', CASE WHEN i = 1 THEN 'failed' ELSE 'sent' END, ?3, ?3
       FROM n`,
    )
      .bind(campaign.id, rows, at)
      .run();
  }
  return campaign.id;
}

const ledgerRows = async (campaignId: string) =>
  (await db().select().from(emailDeliveries).where(eq(emailDeliveries.campaignId, campaignId))).length;
const totals = async (ids: string[]) =>
  (
    await db()
      .select({
        id: emailCampaigns.id,
        total: emailCampaigns.totalRecipients,
        sent: emailCampaigns.sentCount,
        failed: emailCampaigns.failedCount,
        skipped: emailCampaigns.skippedCount,
        status: emailCampaigns.status,
      })
      .from(emailCampaigns)
      .where(inArray(emailCampaigns.id, ids))
  ).sort((a, b) => a.id.localeCompare(b.id));

describe("daily retention clean-up", () => {
  it(`prunes ended campaigns' ledger rows after ${DELIVERY_RETENTION_DAYS} days, keeps young and in-flight ones and every total`, async () => {
    const person = `person-${uniqueEmail()}`;
    const old = await seedCampaign({ status: "completed", createdDaysAgo: 200, completedDaysAgo: 199 }, 3, (i) =>
      i === 2 ? person : `old-${i}-${person}`,
    );
    const oldFailed = await seedCampaign({ status: "failed", createdDaysAgo: 150 }, 2);
    const justInside = await seedCampaign(
      { status: "completed", createdDaysAgo: DELIVERY_RETENTION_DAYS, completedDaysAgo: DELIVERY_RETENTION_DAYS - 1 },
      2,
    );
    const young = await seedCampaign({ status: "completed", createdDaysAgo: 8, completedDaysAgo: 7 }, 2, (i) =>
      i === 2 ? person : `young-${i}-${person}`,
    );
    // Never ended: its rows and their unique key are what keep its send exactly-once, however old.
    const inFlight = await seedCampaign({ status: "sending", createdDaysAgo: 200 }, 3);
    const ids = [old, oldFailed, justInside, young, inFlight];
    const before = await totals(ids);
    expect(before.find((c) => c.id === old)).toMatchObject({ total: 3, sent: 2, failed: 1 });
    expect((await readEmailHistory(db(), person)).map((h) => h.campaign_id).sort()).toEqual([old, young].sort());

    const usage = await dailyRun();

    expect(await ledgerRows(old)).toBe(0);
    expect(await ledgerRows(oldFailed)).toBe(0);
    expect(await ledgerRows(justInside)).toBe(2);
    expect(await ledgerRows(young)).toBe(2);
    expect(await ledgerRows(inFlight)).toBe(3);
    expect(await totals(ids)).toEqual(before);
    // The subscriber drawer's history is the window's: the older send is gone from it, the recent one stays.
    expect((await readEmailHistory(db(), person)).map((h) => h.campaign_id)).toEqual([young]);
    expect(usage.queries).toBeLessThanOrEqual(PRUNE_MAX_STATEMENTS + 10);
  });

  it(`removes addresses from mail webhook events after ${WEBHOOK_ADDRESS_DAYS} days and the events after ${WEBHOOK_EVENT_DAYS}`, async () => {
    const [recent, aged, expired] = [uniqueEmail("recent"), uniqueEmail("aged"), uniqueEmail("expired")];
    const event = (email: string, days: number) => ({
      provider: "resend" as const,
      eventId: `evt-${email}`,
      type: "complaint" as const,
      email,
      createdAt: daysBefore(days),
    });
    await db()
      .insert(emailWebhookEvents)
      .values([
        event(recent, WEBHOOK_ADDRESS_DAYS - 1),
        event(aged, WEBHOOK_ADDRESS_DAYS + 1),
        event(expired, WEBHOOK_EVENT_DAYS + 1),
      ]);
    const staleStreak = uniqueEmail("stale-streak");
    const liveStreak = uniqueEmail("live-streak");
    await db()
      .insert(emailSoftBounceStreaks)
      .values([
        { email: staleStreak, count: 2, updatedAt: daysBefore(100) },
        { email: liveStreak, count: 1, updatedAt: daysBefore(3) },
      ]);

    await dailyRun();

    const byEventId = async (email: string) =>
      (
        await db()
          .select()
          .from(emailWebhookEvents)
          .where(eq(emailWebhookEvents.eventId, `evt-${email}`))
      )[0];
    expect((await byEventId(recent))?.email).toBe(recent);
    // The row stays (a retried webhook is still recognised, the complaint still counted), the address goes.
    expect(await byEventId(aged)).toMatchObject({ email: "deleted", type: "complaint" });
    expect(await byEventId(expired)).toBeUndefined();
    const streaks = await db()
      .select({ email: emailSoftBounceStreaks.email })
      .from(emailSoftBounceStreaks)
      .where(inArray(emailSoftBounceStreaks.email, [staleStreak, liveStreak]));
    expect(streaks).toEqual([{ email: liveStreak }]);
  });

  it(`removes the sender's IP address from contact messages and event submissions after ${SENDER_IP_DAYS} days`, async () => {
    const [oldMessage, newMessage] = await db()
      .insert(contactMessages)
      .values([
        { name: "Old", email: uniqueEmail("old"), ipAddress: "203.0.113.7", createdAt: daysBefore(SENDER_IP_DAYS + 1) },
        { name: "New", email: uniqueEmail("new"), ipAddress: "203.0.113.8", createdAt: daysBefore(SENDER_IP_DAYS - 1) },
      ])
      .returning();
    const oldSubmission = await createSubmission({
      ipAddress: "198.51.100.7",
      createdAt: daysBefore(SENDER_IP_DAYS + 1),
    });
    const newSubmission = await createSubmission({ ipAddress: "198.51.100.8", createdAt: daysBefore(1) });

    await dailyRun();

    const message = async (id: string) =>
      (await db().select().from(contactMessages).where(eq(contactMessages.id, id)))[0];
    // The message itself stays (the inbox keeps it until it is dealt with); only the IP goes.
    expect(await message(oldMessage?.id ?? "")).toMatchObject({ name: "Old", ipAddress: null });
    expect((await message(newMessage?.id ?? ""))?.ipAddress).toBe("203.0.113.8");
    const submission = async (id: string) =>
      (await db().select().from(eventSubmissions).where(eq(eventSubmissions.id, id)))[0];
    expect(await submission(oldSubmission.id)).toMatchObject({ status: "pending", ipAddress: null });
    expect((await submission(newSubmission.id))?.ipAddress).toBe("198.51.100.8");
  });

  it(`deletes expired refresh tokens, and sessions ${ENDED_SESSION_DAYS} days after they ended`, async () => {
    const user = await createUser();
    const session = (createdDaysAgo: number, revokedDaysAgo?: number) => ({
      userId: user.id,
      createdAt: daysBefore(createdDaysAgo),
      revokedAt: revokedDaysAgo === undefined ? null : daysBefore(revokedDaysAgo),
    });
    const rows = await db()
      .insert(sessions)
      .values([
        session(SESSION_MAX_AGE_DAYS + ENDED_SESSION_DAYS + 1),
        session(10, ENDED_SESSION_DAYS + 1),
        session(SESSION_MAX_AGE_DAYS + ENDED_SESSION_DAYS - 1),
        session(10, ENDED_SESSION_DAYS - 1),
        session(1),
      ])
      .returning({ id: sessions.id });
    const ids = rows.map((r) => r.id);
    const live = ids[4] ?? "";
    await db()
      .insert(refreshTokens)
      .values([
        { sessionId: live, tokenHash: `expired-${live}`, expiresAt: daysBefore(EXPIRED_REFRESH_TOKEN_DAYS + 1) },
        { sessionId: live, tokenHash: `valid-${live}`, expiresAt: daysBefore(-10) },
      ]);

    await dailyRun();

    const left = await db().select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual(ids.slice(2).sort());
    const tokens = await db()
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, live));
    expect(tokens).toEqual([{ hash: `valid-${live}` }]);
  });

  it("deletes in bounded batches: what one run leaves, the next day's run removes", async () => {
    const bound = LEDGER_BATCHES_PER_RUN * PRUNE_BATCH_SIZE;
    const big = await seedCampaign({ status: "completed", createdDaysAgo: 120, completedDaysAgo: 119 }, bound + 250);
    const before = await totals([big]);
    expect(before[0]).toMatchObject({ total: bound + 250, sent: bound + 249, failed: 1 });

    const first = await dailyRun();
    const left = await ledgerRows(big);
    // Other files' old rows may share the run's bound, so at least the 250 over it are left.
    expect(left).toBeGreaterThanOrEqual(250);
    expect(first.queries).toBeLessThanOrEqual(PRUNE_MAX_STATEMENTS + 10);

    await dailyRun();
    expect(await ledgerRows(big)).toBe(0);
    expect(await totals([big])).toEqual(before);
  });

  it("carries a large ended campaign's ledger clean-up on in queue pages, each invocation within D1's limits", async () => {
    const big = await seedCampaign(
      { status: "completed", createdDaysAgo: 120, completedDaysAgo: 119 },
      5 * PRUNE_BATCH_SIZE + 10,
    );
    const before = await totals([big]);
    // The queue binding at its boundary: what a page enqueues is the next invocation's message.
    const next: LedgerPruneJob[] = [];
    const queue = {
      send: async (body: LedgerPruneJob) => void next.push(body),
      sendBatch: async (bodies: { body: LedgerPruneJob }[]) => void next.push(...bodies.map((b) => b.body)),
    } as unknown as Queue<LedgerPruneJob>;
    let job: LedgerPruneJob | undefined = { type: "ledger-prune", campaignId: big };
    let invocations = 0;
    while (job) {
      const usage = { queries: 0 };
      // Three statements a message (the check and two pages of 1,000) so 5,010 rows take three invocations.
      await runLedgerPruneJob(createDb(withD1Limits(env, usage).DB), queue, job, new Date(runAt), 3);
      invocations++;
      expect(usage.queries).toBeLessThanOrEqual(3);
      job = next.shift();
    }
    expect(invocations).toBe(3);
    expect(await ledgerRows(big)).toBe(0);
    expect(await totals([big])).toEqual(before);
  });

  it("leaves a campaign that is still sending alone, however old, when a page message reaches it", async () => {
    const inFlight = await seedCampaign({ status: "sending", createdDaysAgo: 200 }, 3);
    const next: LedgerPruneJob[] = [];
    const queue = { send: async (body: LedgerPruneJob) => void next.push(body) } as unknown as Queue<LedgerPruneJob>;
    await runLedgerPruneJob(db(), queue, { type: "ledger-prune", campaignId: inFlight }, new Date(runAt), 400);
    expect(await ledgerRows(inFlight)).toBe(3);
    expect(next).toEqual([]);
  });
});
