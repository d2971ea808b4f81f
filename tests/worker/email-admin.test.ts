import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { actionCompletions, weeklyActions } from "../../db/schema";
import { signDidItToken } from "../../worker/features/did-it/token";
import { ALREADY_SENT_MESSAGE } from "../../worker/features/email/campaigns";
import { activeSubscriberCount, weeklySendState } from "../../worker/features/email/send-state";
import { campaignRow, outboxOfCampaign, outboxTo, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { adminHeaders, api, config, db, memberHeaders } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createAction, createCampaign, createSubscriber, createUser, uniqueEmail } from "./support/factories";

const email = client.api.admin.email;
type Send = { action_id?: string };
const testSend = (json: Send & { email: string }, headers: Record<string, string>) =>
  email["test-send"].$post({ json }, { headers });
const weeklySend = (json: Send, headers: Record<string, string>) => email["weekly-send"].$post({ json }, { headers });

describe("admin email tools", () => {
  it("are behind the admin guard", async () => {
    for (const [method, path] of [
      ["GET", "/config"],
      ["POST", "/weekly-send"],
      ["POST", "/test-send"],
      ["GET", "/campaigns"],
      ["GET", "/weekly-send"],
      ["GET", "/send-plan"],
    ] as const) {
      expect((await api(`/api/admin/email${path}`, { method })).status, path).toBe(401);
      expect((await api(`/api/admin/email${path}`, { method, headers: await memberHeaders() })).status, path).toBe(403);
    }
  });

  it("reports no missing variables for the local configuration", async () => {
    expect(await ok(email.config.$get(undefined, { headers: await adminHeaders() }))).toEqual({
      missing_vars: [],
      provider: "outbox",
      config_errors: [],
      // The tests run without Turnstile keys: said quietly, not as an error (decision 184).
      config_notices: [expect.stringMatching(/^Bot protection is off/)],
    });
  });

  it("test-sends an action to one address and answers { ok, campaign_id }", async () => {
    const headers = await adminHeaders();
    const action = await createAction({ status: "draft", title: "Draft <action>" });
    const to = uniqueEmail("test-send");
    const body = await ok(testSend({ email: to, action_id: action.id }, headers));
    expect(body).toEqual({ ok: true, campaign_id: expect.any(String) });
    const [mail] = await outboxTo(to);
    expect(mail?.subject).toBe("[Test] This week's action: Draft <action>");
    expect(mail?.html).toContain("Draft &lt;action&gt;");
    expect(await campaignRow(body.campaign_id ?? "")).toMatchObject({
      kind: "test",
      status: "completed",
      sentCount: 1,
    });

    const missing = await testSend({ email: " " }, headers);
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe("Please enter an email address");
    expect((await testSend({ email: to, action_id: crypto.randomUUID() }, headers)).status).toBe(404);
  });

  it("says what Send Weekly Email Now would send, then when and to how many it went (decision 232)", async () => {
    // 2049-06-09 is a Wednesday: this action is the current one then, whatever other tests made.
    const now = new Date("2049-06-09T18:00:00Z");
    const action = await createAction({ startDate: "2049-06-06", endDate: "2049-06-12" });
    const subs = [await createSubscriber(), await createSubscriber()];
    await createSubscriber({ active: false });
    const active = await activeSubscriberCount(db());
    const before = await weeklySendState(db(), now, "America/Los_Angeles");
    expect(before).toEqual({
      action: { id: action.id, title: action.title },
      sent: null,
      active_subscribers: active,
    });
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    const after = await weeklySendState(db(), now, "America/Los_Angeles");
    expect(after.sent).toEqual({ at: campaign.createdAt, status: "sending", recipients: 2, in_waves: false });

    // Over HTTP, with today's clock: the same shape.
    const answer = await ok(email["weekly-send"].$get(undefined, { headers: await adminHeaders() }));
    expect(answer.active_subscribers).toBe(await activeSubscriberCount(db()));
  });

  it("plans an action's send: its first Monday, its last day, today and the active subscribers", async () => {
    const headers = await adminHeaders();
    const plan = await ok(
      email["send-plan"].$get({ query: { start_date: "2031-06-08", end_date: "2031-06-14" } }, { headers }),
    );
    expect(plan).toMatchObject({ send_day: "2031-06-09", last_day: "2031-06-14", today: expect.any(String) });
    expect(plan.active_subscribers).toBe(await activeSubscriberCount(db()));
    // Without a start date there is no send day.
    expect(await ok(email["send-plan"].$get({ query: {} }, { headers }))).toMatchObject({
      send_day: null,
      last_day: null,
    });
    const bad = await email["send-plan"].$get({ query: { start_date: "June 8" } }, { headers });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Dates must be YYYY-MM-DD");
  });

  it("refuses to email a draft to subscribers", async () => {
    const action = await createAction({ status: "draft" });
    expect((await weeklySend({ action_id: action.id }, await adminHeaders())).status).toBe(409);
  });

  it("triggers the weekly send through the queue: every subscriber once, 409 when already sent, status view", async () => {
    const headers = await adminHeaders();
    const action = await createAction();
    // More subscribers than two fan-out pages (the tests run with EMAIL_FANOUT_PAGE_SIZE=4).
    expect(config().EMAIL_FANOUT_PAGE_SIZE).toBe(4);
    const subs = [];
    for (let i = 0; i < 10; i++) subs.push(await createSubscriber(i % 2 ? { zipCode: "97201" } : {}));
    const gone = await createSubscriber({ active: false });

    const body = await ok(weeklySend({ action_id: action.id }, headers));
    expect(body).toEqual({
      success: true,
      message: expect.stringContaining(action.title),
      campaign_id: expect.any(String),
    });

    const again = await weeklySend({ action_id: action.id }, headers);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(ALREADY_SENT_MESSAGE);

    // The queue fans out and the consumer sends, in the background.
    const done = await vi.waitFor(
      async () => {
        const c = await campaignRow(body.campaign_id);
        expect(c.status).toBe("completed");
        return c;
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(done.sentCount + done.failedCount + done.skippedCount).toBe(done.totalRecipients);
    expect(done.totalRecipients).toBeGreaterThanOrEqual(10);
    expect(done.fanoutDoneAt).toBeTruthy();

    const mails = await outboxOfCampaign(body.campaign_id);
    for (const s of subs)
      expect(
        mails.filter((m) => m.to === s.email),
        s.email,
      ).toHaveLength(1);
    expect(mails.filter((m) => m.to === gone.email)).toHaveLength(0);
    const [act] = await db().select().from(weeklyActions).where(eq(weeklyActions.id, action.id));
    expect(act?.sentAt).toBeTruthy();

    const { campaigns } = await ok(email.campaigns.$get(undefined, { headers }));
    const row = campaigns.find((c) => c.id === body.campaign_id);
    expect(row).toMatchObject({
      kind: "weekly",
      action_title: action.title,
      status: "completed",
      recipients: done.totalRecipients,
      sent: done.sentCount,
      failed: 0,
      pending: 0,
    });

    // Sent: a second trigger (say, Publish again) is refused.
    expect((await weeklySend({ action_id: action.id }, headers)).status).toBe(409);
  }, 90_000);

  it("counts each weekly send's completions: from its email, from the site in the action's week, per email sent", async () => {
    const headers = await adminHeaders();
    const action = await createAction({ startDate: "2031-03-03", endDate: "2031-03-09" });
    const subs = [await createSubscriber(), await createSubscriber(), await createSubscriber()];
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    await runConsumer(
      [
        weeklyJob(
          campaign.id,
          subs.map((s) => s.id),
        ),
      ],
      testDeps(),
    );
    const row = async () =>
      (await ok(email.campaigns.$get({ query: { kind: "weekly" } }, { headers }))).campaigns.find(
        (c) => c.id === campaign.id,
      );
    expect((await row())?.completions).toEqual({ from_email: 0, from_site: 0, email_rate: 0 });

    // Two readers press "I did it" (one twice); one member records on the site in the week, one after it.
    for (const s of [subs[0], subs[1], subs[0]]) {
      const token = await signDidItToken(config(), {
        subscriberId: s?.id as string,
        actionId: action.id,
        campaignId: campaign.id,
      });
      const posted = await api("/did-it", { method: "POST", body: new URLSearchParams({ token }), redirect: "manual" });
      expect(posted.status).toBe(303);
    }
    const inWeek = await createUser();
    const late = await createUser();
    await db()
      .insert(actionCompletions)
      .values([
        { userId: inWeek.id, actionId: action.id, completedAt: "2031-03-09T22:00:00.000Z" },
        { userId: late.id, actionId: action.id, completedAt: "2031-03-10T08:00:00.000Z" },
      ]);
    expect((await row())?.completions).toEqual({ from_email: 2, from_site: 1, email_rate: 0.6667 });

    // Test sends have no completions to count.
    const tests = await ok(email.campaigns.$get({ query: { kind: "test" } }, { headers }));
    for (const c of tests.campaigns) expect(c.completions).toBeNull();
  });
});
