import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailCampaigns, outboxMessages, weeklyActions } from "../../db/schema";
import { CONCURRENT_JOBS } from "../../worker/features/email/consumer";
import { CLAIM_LEASE_SECONDS } from "../../worker/features/email/deliver-weekly";
import { MAX_FANOUT_WAITS, runFanoutStep } from "../../worker/features/email/fanout";
import { ResendProvider } from "../../worker/platform/mail/resend";
import {
  campaignRow,
  deliveriesOf,
  fakeApi,
  json,
  outboxOfCampaign,
  resendOk,
  runConsumer,
  testDeps,
  weeklyJob,
} from "./email-fixtures";
import { db } from "./helpers";
import { client } from "./support/client";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

const sender = { fromEmail: "hello@earthkind.test", fromName: "Earthkind" };
const resend = (fetch: ReturnType<typeof fakeApi>["fetch"], timeoutMs?: number) =>
  new ResendProvider({ apiKey: "re_test", baseUrl: "https://resend.fake", fetch, timeoutMs }, sender);

async function subscribersN(n: number) {
  const rows = [];
  for (let i = 0; i < n; i++) rows.push(await createSubscriber({ firstName: `Reader ${i}` }));
  return rows.sort((a, b) => (a.id < b.id ? -1 : 1));
}

const jobsFor = (campaignId: string, ids: string[], size = 100) => {
  const jobs = [];
  for (let i = 0; i < ids.length; i += size) jobs.push(weeklyJob(campaignId, ids.slice(i, i + size)));
  return jobs;
};

const countBy = <T>(items: T[], key: (t: T) => string) => {
  const m = new Map<string, number>();
  for (const it of items) m.set(key(it), (m.get(key(it)) ?? 0) + 1);
  return m;
};

describe("weekly send consumer", () => {
  it("delivers to N subscribers exactly N emails, and exactly N again when every message arrives twice", async () => {
    const action = await createAction();
    const subs = await subscribersN(230);
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    const jobs = jobsFor(
      campaign.id,
      subs.map((s) => s.id),
    );
    const deps = testDeps();

    const first = await runConsumer(jobs, deps);
    expect(first.explicitAcks).toHaveLength(jobs.length);
    // Every message again, twice in the same batch and once more after.
    await runConsumer([...jobs, ...jobs], deps, { attempts: 2 });
    await runConsumer(jobs, deps, { attempts: 3 });

    const deliveries = await deliveriesOf(campaign.id);
    expect(deliveries).toHaveLength(230);
    expect(deliveries.every((d) => d.status === "sent" && d.sendKey === null && d.claimedUntil === null)).toBe(true);
    const mails = await outboxOfCampaign(campaign.id);
    expect(mails).toHaveLength(230);
    expect([...countBy(mails, (m) => m.to).values()].every((n) => n === 1)).toBe(true);
    expect(new Set(mails.map((m) => m.to))).toEqual(new Set(subs.map((s) => s.email)));

    const done = await campaignRow(campaign.id);
    expect(done).toMatchObject({ status: "completed", sentCount: 230, failedCount: 0, skippedCount: 0 });
    expect(done.completedAt).toBeTruthy();
    const [act] = await db().select().from(weeklyActions).where(eq(weeklyActions.id, action.id));
    expect(act?.sentAt).toBeTruthy();
  }, 60_000);

  it("runs the jobs of one batch side by side (one renders while another waits for the provider), each recipient once", async () => {
    const action = await createAction();
    const subs = await subscribersN(40);
    const ids = subs.map((s) => s.id);
    const campaign = await createCampaign(action.id, ids);
    let inFlight = 0;
    let most = 0;
    const api = fakeApi(async (body) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 150));
      inFlight--;
      return resendOk(body);
    });
    const jobs = jobsFor(campaign.id, ids, 10);
    // Each job twice in the same batch: the copies run at once and still send each recipient once.
    const result = await runConsumer([...jobs, ...jobs], testDeps({ provider: resend(api.fetch) }));

    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(CONCURRENT_JOBS);
    expect(result.explicitAcks.length + result.retryMessages.length).toBe(jobs.length * 2);
    const sentTo = api.requests.flatMap((r) => (r.body as { to: string[] }[]).map((m) => m.to[0]));
    expect(sentTo).toHaveLength(40);
    expect(new Set(sentTo)).toEqual(new Set(subs.map((s) => s.email)));
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "completed", sentCount: 40 });
  }, 60_000);

  it("honours a provider 429 with a delayed retry, then sends once", async () => {
    const action = await createAction();
    const subs = await subscribersN(3);
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    const fake = fakeApi(resendOk, [
      () => json(429, { name: "rate_limit_exceeded", message: "Too many requests" }, { "retry-after": "7" }),
    ]);
    const deps = testDeps({ provider: resend(fake.fetch) });
    const job = weeklyJob(
      campaign.id,
      subs.map((s) => s.id),
    );

    const first = await runConsumer([job], deps);
    expect(first.explicitAcks).toHaveLength(0);
    expect(first.retryDelays).toEqual([{ msgId: expect.any(String), delaySeconds: 7 }]);
    const pending = await deliveriesOf(campaign.id);
    expect(pending.every((d) => d.status === "pending" && d.claimedUntil === null && d.error?.includes("429"))).toBe(
      true,
    );

    const second = await runConsumer([job], deps, { attempts: 2 });
    expect(second.explicitAcks).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
    // A 429 is a clear refusal: the rows were released without their send key, and the retry is a new
    // request (someone who unsubscribed meanwhile would be skipped; decision 198).
    expect(fake.requests[1]?.headers.get("Idempotency-Key")).not.toBe(fake.requests[0]?.headers.get("Idempotency-Key"));
    expect((await deliveriesOf(campaign.id)).every((d) => d.sendKey === null)).toBe(true);
    const sent = await deliveriesOf(campaign.id);
    expect(sent.map((d) => [d.status, d.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
      ["sent", 2],
    ]);
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "completed", sentCount: 3 });
  });

  it("marks permanent per-message failures failed and sends the rest (partial batch)", async () => {
    const action = await createAction();
    const subs = await subscribersN(3);
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    const fake = fakeApi(() =>
      json(200, { data: [{ id: "re_1" }, { id: "re_3" }], errors: [{ index: 1, message: "Invalid `to`" }] }),
    );
    const result = await runConsumer(
      [
        weeklyJob(
          campaign.id,
          subs.map((s) => s.id),
        ),
      ],
      testDeps({ provider: resend(fake.fetch) }),
    );
    expect(result.explicitAcks).toHaveLength(1);
    const rows = await deliveriesOf(campaign.id);
    expect(countBy(rows, (r) => r.status)).toEqual(
      new Map([
        ["sent", 2],
        ["failed", 1],
      ]),
    );
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "completed", sentCount: 2, failedCount: 1 });
  });

  it("does not lose a recipient when the consumer dies between the ledger write and the provider call", async () => {
    const action = await createAction();
    const subs = await subscribersN(2);
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    const job = weeklyJob(
      campaign.id,
      subs.map((s) => s.id),
    );
    const t0 = new Date();

    // The provider call never returns: the invocation is abandoned, as when the isolate dies.
    const hung = fakeApi(resendOk, [() => new Promise<Response>(() => {})]);
    void runConsumer([job], testDeps({ provider: resend(hung.fetch, 600_000), now: () => t0 }));
    // Up to 5 s for the consumer to reach the provider, generous for a loaded CI machine.
    await vi.waitFor(() => expect(hung.requests).toHaveLength(1), { timeout: 5_000, interval: 20 });
    const claimed = await deliveriesOf(campaign.id);
    expect(claimed.every((d) => d.status === "pending" && d.claimedUntil)).toBe(true);

    // The queue redelivers. Inside the lease nothing is sent (the first might still be sending)…
    const fake = fakeApi(resendOk);
    const soon = await runConsumer(
      [job],
      testDeps({ provider: resend(fake.fetch), now: () => new Date(t0.getTime() + 5_000) }),
      { attempts: 2 },
    );
    expect(fake.requests).toHaveLength(0);
    expect(soon.retryDelays).toEqual([{ msgId: expect.any(String), delaySeconds: CLAIM_LEASE_SECONDS }]);

    // …after it, the recipients are sent, once.
    const later = new Date(t0.getTime() + (CLAIM_LEASE_SECONDS + 1) * 1000);
    const after = await runConsumer([job], testDeps({ provider: resend(fake.fetch), now: () => later }), {
      attempts: 3,
    });
    expect(after.explicitAcks).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
    expect((fake.requests[0]?.body as unknown[] | undefined)?.length).toBe(2);
    // Same recipients as the lost call: same idempotency key, so Resend drops it if the lost one did go out.
    expect(fake.requests[0]?.headers.get("Idempotency-Key")).toBe(hung.requests[0]?.headers.get("Idempotency-Key"));
    expect((await deliveriesOf(campaign.id)).every((d) => d.status === "sent")).toBe(true);
  });

  it("never sends to someone who unsubscribed after the batch was enqueued", async () => {
    const action = await createAction();
    const subs = await subscribersN(3);
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    const leaver = subs[1] as (typeof subs)[number];
    const res = await client.api.subscription.unsubscribe.$post({ json: { token: leaver.manageToken } });
    expect(res.status).toBe(200);

    await runConsumer(
      [
        weeklyJob(
          campaign.id,
          subs.map((s) => s.id),
        ),
      ],
      testDeps(),
    );
    const mails = await outboxOfCampaign(campaign.id);
    expect(mails.map((m) => m.to).sort()).toEqual([subs[0]?.email, subs[2]?.email].sort());
    const leaverRow = (await deliveriesOf(campaign.id)).find((d) => d.subscriberId === leaver.id);
    expect(leaverRow).toMatchObject({ status: "skipped", error: "unsubscribed" });
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "completed", sentCount: 2, skippedCount: 1 });
  });

  it("after the last retry (dead-letter queue) marks the recipients failed so the campaign completes", async () => {
    const action = await createAction();
    const subs = await subscribersN(2);
    const ghostId = crypto.randomUUID();
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    const down = fakeApi(() => json(503, { message: "unavailable" }));
    const job = weeklyJob(campaign.id, [...subs.map((s) => s.id), ghostId]);
    const retried = await runConsumer([job], testDeps({ provider: resend(down.fetch) }), { attempts: 9 });
    expect(retried.retryMessages).toHaveLength(1);

    await runConsumer([job], testDeps(), { queue: "earthkind-email-dlq", attempts: 9 });
    const rows = await deliveriesOf(campaign.id);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.subscriberId === ghostId)).toMatchObject({ status: "skipped" });
    expect(rows.filter((r) => r.status === "failed").every((r) => r.error?.includes("gave up after 9 attempts"))).toBe(
      true,
    );
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "completed", failedCount: 2, skippedCount: 1 });
    expect(await outboxOfCampaign(campaign.id)).toHaveLength(0);
  });

  it("drops malformed messages instead of retrying them forever", async () => {
    const result = await runConsumer([{ type: "nonsense" } as never], testDeps());
    expect(result.explicitAcks).toHaveLength(1);
  });
});

describe("fan-out step", () => {
  it("stops for a step the cursor has moved past, and counts each page once", async () => {
    const action = await createAction();
    const [campaign] = await db()
      .insert(emailCampaigns)
      .values({ actionId: action.id, kind: "weekly", status: "sending", fanoutCursor: "ffffffff", totalRecipients: 7 })
      .returning();
    const id = campaign?.id as string;
    // A duplicate (or orphaned) step for a page already done: nothing enqueued, nothing counted.
    expect(await runFanoutStep(testDeps(), { type: "fanout", campaignId: id, after: "00000000" })).toEqual({});
    expect(await campaignRow(id)).toMatchObject({ fanoutCursor: "ffffffff", totalRecipients: 7, fanoutDoneAt: null });
  });

  it("lets a step that arrived before its predecessor moved the cursor wait, without using up retries", async () => {
    const action = await createAction();
    const [campaign] = await db()
      .insert(emailCampaigns)
      .values({ actionId: action.id, kind: "weekly", status: "sending", fanoutCursor: "00000000" })
      .returning();
    const id = campaign?.id as string;
    const early = { type: "fanout" as const, campaignId: id, after: "88888888" };
    // Re-sent with a delay (acked), until the bound; then an ordinary retry.
    expect(await runFanoutStep(testDeps(), early)).toEqual({});
    expect(await runFanoutStep(testDeps(), { ...early, waits: MAX_FANOUT_WAITS })).toEqual({ retryAfterSeconds: 10 });
    expect(await campaignRow(id)).toMatchObject({ fanoutCursor: "00000000", totalRecipients: 0 });
    // Do not let the re-sent copy wait in the background for the rest of the run.
    await db().update(emailCampaigns).set({ status: "failed" }).where(eq(emailCampaigns.id, id));
  });
});

describe("outbox idempotency", () => {
  it("stores a message once per idempotency key", async () => {
    const deps = testDeps();
    const message = {
      to: "once@example.com",
      subject: "s",
      html: "<p>h</p>",
      text: "t",
      stream: "marketing" as const,
      idempotencyKey: `k-${crypto.randomUUID()}`,
    };
    await deps.provider.sendBatch([message]);
    await deps.provider.sendBatch([message]);
    const rows = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.idempotencyKey, message.idempotencyKey));
    expect(rows).toHaveLength(1);
  });
});
