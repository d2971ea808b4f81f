import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { MyDataExport } from "#contract/auth/my-data-schemas";
import { DEFAULT_EMAIL_SETTINGS } from "#contract/email/schemas";
import { emailCampaigns, emailCampaignWaves, subscribers, subscriptionReconfirmations } from "../../db/schema";
import { runFanoutStep } from "../../worker/features/email/fanout";
import { readTotals } from "../../worker/features/subscribers/admin-list";
import {
  createReconfirmation,
  deleteExpiredPending,
  PENDING_LINKS_PER_DAY,
  RECONFIRM_INVALID_MESSAGE,
} from "../../worker/features/subscribers/reconfirm";
import { signupEmailJob } from "../../worker/features/subscribers/service";
import {
  CONFIRMATION_NOT_RESENT,
  CONFIRMATION_RESENT,
  NOT_PENDING_MESSAGE,
  SUBSCRIPTION_CONFIRMED,
} from "../../worker/features/subscribers/subscription-routes";
import { deliveriesOf, outboxTo, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { adminHeaders, db, signIn } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { confirmSignup } from "./support/confirm";
import { MY_EXPORTS, runExport } from "./support/exports";
import { createAction, createCampaign, createSubscriber, createUser, uniqueEmail } from "./support/factories";

const fromIp = () => ({ "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250) + 1}` });
const signup = (json: { first_name: string; email: string; zip_code?: string }) =>
  client.api.subscribers.$post({ json }, { headers: fromIp() });
const confirm = client.api.subscription.confirm;
const find = async (email: string) =>
  (await db().select().from(subscribers).where(eq(subscribers.email, email)))[0] as typeof subscribers.$inferSelect;
const tokensOf = (subscriberId: string) =>
  db().select().from(subscriptionReconfirmations).where(eq(subscriptionReconfirmations.subscriberId, subscriberId));
const DAY = 24 * 3600_000;

/** A pending signup's confirmation token, made as the signup makes it, at `at`. */
async function tokenFor(sub: typeof subscribers.$inferSelect, at = new Date()) {
  return (await createReconfirmation(
    db(),
    sub,
    { firstName: sub.firstName, zipCode: sub.zipCode, timeZone: sub.timeZone ?? "America/New_York" },
    at,
    { gapMs: 0 },
  )) as string;
}

describe("double opt-in (decision 182)", () => {
  it("stores a signup pending with a hashed 7-day token; the answer is the spec's 201 with the same body", async () => {
    const email = uniqueEmail("pending");
    const res = await signup({ first_name: "Fern", email, zip_code: "97201" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ subscriber: { first_name: "Fern", email }, confirmation_sent: true });
    const sub = await find(email);
    expect(sub).toMatchObject({ active: false, confirmedAt: null, consentIp: null, unsubscribedAt: null });
    const [token] = await tokensOf(sub.id);
    expect(token?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(token?.expiresAt ?? "") - Date.parse(token?.createdAt ?? "")).toBe(7 * DAY);
    expect(token?.usedAt).toBeNull();
  });

  it("the signup's own email, 'Confirm your Earthkind subscription', carries the link; opening it (GET) changes nothing, only the POST confirms, once, recording consent; the welcome follows", async () => {
    const email = uniqueEmail("flow");
    expect((await signup({ first_name: "Fern", email })).status).toBe(201);
    // The real queue delivers the confirmation; its link is the only copy of the token.
    const link = await vi.waitFor(
      async () => {
        const [mail, ...rest] = await outboxTo(email);
        expect(rest).toEqual([]);
        // Its subject names the step (decision 225); the welcome's "here's what to expect" comes after.
        expect(mail?.subject).toBe("Confirm your Earthkind subscription");
        const match = /\/subscribe\/confirm\?token=([\w-]{43})/.exec(mail?.text ?? "");
        expect(match).not.toBeNull();
        return match?.[1] as string;
      },
      { timeout: 25_000, interval: 250 },
    );

    // A mail scanner (or the person) opening the link: shown, nothing changes, however often.
    for (let i = 0; i < 3; i++) {
      expect(await ok(confirm.$get({ query: { token: link } }))).toEqual({
        confirmation: {
          first_name: "Fern",
          masked_email: expect.stringMatching(/^fl\*\*\*@/),
          returning: false,
          zip_code: null,
        },
      });
    }
    expect(await find(email)).toMatchObject({ active: false, confirmedAt: null });

    const before = Date.now();
    const res = await confirm.$post(
      { json: { token: link } },
      { headers: { "CF-Connecting-IP": "198.51.100.23", "User-Agent": "Mozilla/5.0 (Opt-in test)" } },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ active: true, message: SUBSCRIPTION_CONFIRMED });
    const sub = await find(email);
    expect(sub).toMatchObject({
      active: true,
      consentIp: "198.51.100.23",
      consentUserAgent: "Mozilla/5.0 (Opt-in test)",
    });
    expect(Date.parse(sub.confirmedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);

    // Once: the link is spent, and now the address is active the form answers the spec's 409.
    const again = await confirm.$post({ json: { token: link } });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe(RECONFIRM_INVALID_MESSAGE);
    expect((await signup({ first_name: "Fern", email })).status).toBe(409);

    // The welcome follows the confirmation (decision 225).
    await vi.waitFor(
      async () =>
        expect((await outboxTo(email)).map((m) => m.subject)).toContain(DEFAULT_EMAIL_SETTINGS.welcome_subject),
      { timeout: 25_000, interval: 250 },
    );
  }, 60_000);

  it("refuses an expired link, on the page and on the button", async () => {
    const sub = await createSubscriber({ active: false, confirmedAt: null });
    const token = await tokenFor(sub, new Date(Date.now() - 7 * DAY - 60_000));
    expect((await confirm.$get({ query: { token } })).status).toBe(404);
    const res = await confirm.$post({ json: { token } });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe(RECONFIRM_INVALID_MESSAGE);
    expect(await find(sub.email)).toMatchObject({ active: false, confirmedAt: null });
  });

  it("a pending address signing up again gets a new link at most every 10 minutes and three times a day; the answer says whether one went", async () => {
    const email = uniqueEmail("again");
    const first = await signup({ first_name: "Fern", email });
    const second = await signup({ first_name: "Fern", email });
    expect(second.status).toBe(first.status);
    expect(await first.json()).toEqual({ subscriber: { first_name: "Fern", email }, confirmation_sent: true });
    expect(await second.json()).toEqual({ subscriber: { first_name: "Fern", email }, confirmation_sent: false });
    const sub = await find(email);
    expect(await tokensOf(sub.id)).toHaveLength(1);

    // The same decision the route takes, later (decision 226).
    const input = { first_name: "Fern", email };
    const result = { outcome: "pending" as const, subscriber: sub, timeZone: "America/New_York" };
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await signupEmailJob(db(), result, input, at(9))).toBeNull();
    expect(await signupEmailJob(db(), result, input, at(11))).toMatchObject({
      type: "welcome",
      subscriberId: sub.id,
      confirmToken: expect.any(String),
    });
    expect(await signupEmailJob(db(), result, input, at(22))).not.toBeNull();
    expect(await tokensOf(sub.id)).toHaveLength(PENDING_LINKS_PER_DAY);
    // The fourth within a day is refused, however long after the third.
    expect(await signupEmailJob(db(), result, input, at(60))).toBeNull();
    expect(await signupEmailJob(db(), result, input, at(24 * 60 + 1))).not.toBeNull();
  });

  it("a pending signup's manage page says so and can send a new link, under the same limits; others get 409", async () => {
    const email = uniqueEmail("resend");
    expect((await signup({ first_name: "Fern", email })).status).toBe(201);
    const found = await find(email);
    // The row holds only the token's hash (decision 214): the confirmation email's manage link carries it.
    const manageToken = await vi.waitFor(
      async () => {
        const [mail] = await outboxTo(email);
        const token = /\/unsubscribe\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
        expect(token).toBeDefined();
        return token as string;
      },
      { timeout: 25_000, interval: 250 },
    );
    const sub = { ...found, manageToken };
    const subscription = client.api.subscription;
    expect(await ok(subscription.$get({ query: { token: sub.manageToken } }))).toMatchObject({
      subscription: { active: false, pending: true },
    });

    // The signup's link went a moment ago: not yet.
    const resend = subscription["resend-confirmation"];
    expect(await ok(resend.$post({ json: { token: sub.manageToken } }))).toEqual({
      sent: false,
      message: CONFIRMATION_NOT_RESENT,
    });
    expect(await tokensOf(sub.id)).toHaveLength(1);

    // Eleven minutes later (the earlier link is moved back in time), a new one goes, by the queue.
    await db()
      .update(subscriptionReconfirmations)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where(eq(subscriptionReconfirmations.subscriberId, sub.id));
    expect(await ok(resend.$post({ json: { token: sub.manageToken } }))).toEqual({
      sent: true,
      message: CONFIRMATION_RESENT,
    });
    expect(await tokensOf(sub.id)).toHaveLength(2);
    await vi.waitFor(
      async () =>
        expect(
          (await outboxTo(email)).filter((m) => m.subject === "Confirm your Earthkind subscription").length,
        ).toBeGreaterThanOrEqual(2),
      { timeout: 25_000, interval: 250 },
    );

    // Confirmed, or unsubscribed: nothing to resend.
    await confirmSignup(email);
    const active = await resend.$post({ json: { token: sub.manageToken } });
    expect(active.status).toBe(409);
    expect((await errorOf(active)).message).toBe(NOT_PENDING_MESSAGE);
    expect(await ok(subscription.$get({ query: { token: sub.manageToken } }))).toMatchObject({
      subscription: { active: true, pending: false },
    });
    const gone = await createSubscriber({ active: false });
    expect((await resend.$post({ json: { token: gone.manageToken } })).status).toBe(409);
    expect((await resend.$post({ json: { token: "A".repeat(43) } })).status).toBe(404);
    expect((await resend.$post({ json: { token: "short" } })).status).toBe(400);
  }, 60_000);

  it("the weekly send skips pending signups: not fanned out, and skipped if a job names one", async () => {
    const zone = `Test/OptIn${Math.floor(Math.random() * 1e9)}`;
    const active = await createSubscriber({ timeZone: zone });
    const pending = await createSubscriber({ timeZone: zone, active: false, confirmedAt: null });
    const action = await createAction();
    const [campaign] = await db()
      .insert(emailCampaigns)
      .values({ actionId: action.id, kind: "weekly", status: "sending" })
      .returning();
    const now = new Date().toISOString();
    const [wave] = await db()
      .insert(emailCampaignWaves)
      .values({ campaignId: campaign?.id as string, timeZone: zone, dueAt: now, dayEndsAt: now })
      .returning();
    await runFanoutStep(testDeps(), {
      type: "fanout",
      campaignId: campaign?.id as string,
      waveId: wave?.id as string,
      after: null,
    });
    expect((await deliveriesOf(campaign?.id as string)).map((d) => d.subscriberId)).toEqual([active.id]);

    // A recipient job naming a pending signup (as a stale job could): no email goes to it.
    const other = await createCampaign((await createAction()).id, [pending.id]);
    await runConsumer([weeklyJob(other.id, [pending.id])], testDeps());
    expect(await outboxTo(pending.email)).toHaveLength(0);
    expect((await deliveriesOf(other.id))[0]?.status).toBe("skipped");
  });

  it("counts pending signups apart from active and unsubscribed ones in the admin, shown as pending", async () => {
    const before = await readTotals(db(), new Date());
    const pending = await createSubscriber({ active: false, confirmedAt: null });
    await createSubscriber({ active: false, unsubscribedAt: new Date().toISOString() });
    const after = await readTotals(db(), new Date());
    expect(after.pending - before.pending).toBeGreaterThanOrEqual(1);
    const headers = await adminHeaders();
    const record = await ok(client.api.admin.subscribers[":id"].$get({ param: { id: pending.id } }, { headers }));
    expect(record.subscriber).toMatchObject({ active: false, status: "pending", confirmed_at: null });
    expect(record.subscriber.consent).toEqual({ confirmed_at: null, ip_address: null, user_agent: null });
    const list = await ok(
      client.api.admin.subscribers.$get({ query: { q: pending.email, full_emails: "1" } }, { headers }),
    );
    expect(list.subscribers.map((s) => s.status)).toEqual(["pending"]);
    const gone = await ok(
      client.api.admin.subscribers.$get({ query: { q: pending.email, status: "unsubscribed" } }, { headers }),
    );
    expect(gone.subscribers).toHaveLength(0);
  });

  it("the member's data export includes the consent: time, IP and user agent", async () => {
    const user = await createUser();
    const session = await signIn(user);
    expect((await signup({ first_name: "Moss", email: user.email })).status).toBe(201);
    const pendingExport = (await (await runExport(MY_EXPORTS, session.headers)).file.json()) as MyDataExport;
    expect(pendingExport.subscription).toMatchObject({
      active: false,
      consent: { confirmed_at: null, ip_address: null, user_agent: null },
    });
    await confirmSignup(user.email, { "CF-Connecting-IP": "2001:db8::7", "User-Agent": "ExportTest/1.0" });
    const data = (await (await runExport(MY_EXPORTS, session.headers)).file.json()) as MyDataExport;
    expect(data.subscription).toMatchObject({
      active: true,
      consent: { confirmed_at: expect.any(String), ip_address: "2001:db8::7", user_agent: "ExportTest/1.0" },
    });
  });

  it("migration 0015 treats existing subscribers as confirmed at their subscription time, with no IP", async () => {
    // A row as it stood before the migration: no confirmation recorded.
    const old = await createSubscriber({ confirmedAt: null, subscribedAt: "2024-05-01T08:00:00.000Z" });
    const gone = await createSubscriber({
      confirmedAt: null,
      active: false,
      subscribedAt: "2024-04-01T08:00:00.000Z",
      unsubscribedAt: "2024-06-01T08:00:00.000Z",
    });
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0015_"));
    const query = migration?.queries.find((q) => q.includes("UPDATE `subscribers` SET `confirmed_at`")) ?? "";
    const update = query.slice(query.indexOf("UPDATE")).split(";")[0];
    expect(update).toMatch(/^UPDATE `subscribers` SET `confirmed_at` = `subscribed_at` WHERE `confirmed_at` IS NULL/);
    // The migration's own statement, limited to this test's rows (other tests share the database).
    await env.DB.prepare(`${update} AND id IN (?1, ?2)`).bind(old.id, gone.id).run();
    expect(await find(old.email)).toMatchObject({
      active: true,
      confirmedAt: "2024-05-01T08:00:00.000Z",
      consentIp: null,
      consentUserAgent: null,
    });
    const headers = await adminHeaders();
    const record = await ok(client.api.admin.subscribers[":id"].$get({ param: { id: old.id } }, { headers }));
    expect(record.subscriber.status).toBe("active");
    // One that had unsubscribed stays unsubscribed, not pending, and is never expired.
    const goneRecord = await ok(client.api.admin.subscribers[":id"].$get({ param: { id: gone.id } }, { headers }));
    expect(goneRecord.subscriber.status).toBe("unsubscribed");
  });

  it("the daily clean-up deletes pending signups never confirmed once their window passed, and nothing else", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 8 * DAY).toISOString();
    const expired = await createSubscriber({ active: false, confirmedAt: null, subscribedAt: old });
    await tokenFor(expired, new Date(old));
    // Signed up 8 days ago, again yesterday: its new link still works, so it stays.
    const renewed = await createSubscriber({ active: false, confirmedAt: null, subscribedAt: old });
    await tokenFor(renewed, new Date(now.getTime() - DAY));
    const fresh = await createSubscriber({ active: false, confirmedAt: null });
    await tokenFor(fresh);
    const unsubscribed = await createSubscriber({ active: false, subscribedAt: old, unsubscribedAt: old });
    const confirmed = await createSubscriber({ subscribedAt: old });

    expect(await deleteExpiredPending(db(), now)).toBeGreaterThanOrEqual(1);
    expect(await find(expired.email)).toBeUndefined();
    expect(await tokensOf(expired.id)).toHaveLength(0);
    for (const kept of [renewed, fresh, unsubscribed, confirmed]) expect(await find(kept.email)).toBeDefined();
    // The address may simply sign up again.
    expect((await signup({ first_name: "Robin", email: expired.email })).status).toBe(201);
  });

  it("unsubscribing a pending signup from the welcome's manage link withdraws it: its link stops working", async () => {
    const sub = await createSubscriber({ active: false, confirmedAt: null });
    const token = await tokenFor(sub);
    await ok(client.api.subscription.unsubscribe.$post({ json: { token: sub.manageToken } }));
    expect((await confirm.$post({ json: { token } })).status).toBe(404);
    expect(await find(sub.email)).toMatchObject({ active: false, confirmedAt: null });

    // Resubscribe on the same manage page is its owner's POST: consent, recorded like a confirmation.
    await ok(
      client.api.subscription.resubscribe.$post(
        { json: { token: sub.manageToken } },
        { headers: { "CF-Connecting-IP": "192.0.2.9", "User-Agent": "ManagePage/1.0" } },
      ),
    );
    const active = await find(sub.email);
    expect(active).toMatchObject({ active: true, consentIp: "192.0.2.9", consentUserAgent: "ManagePage/1.0" });
    // Repeating it keeps the first consent.
    await ok(client.api.subscription.resubscribe.$post({ json: { token: sub.manageToken } }));
    expect(await find(sub.email)).toMatchObject({ confirmedAt: active.confirmedAt, consentIp: "192.0.2.9" });
  });
});
