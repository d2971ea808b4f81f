import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { weeklyActions } from "../../db/schema";
import { ALREADY_SENT_MESSAGE } from "../../worker/features/email/campaigns";
import type { CampaignStatus } from "../../worker/features/email/schemas";
import { campaignRow, outboxOfCampaign, outboxTo } from "./email-fixtures";
import { adminHeaders, api, config, db, memberHeaders } from "./helpers";
import { createAction, createSubscriber, uniqueEmail } from "./support/factories";

type Json = Record<string, unknown>;
const post = async (path: string, json: unknown, headers: Record<string, string>) =>
  api(`/api/admin/email${path}`, { method: "POST", json, headers });

describe("admin email tools", () => {
  it("are behind the admin guard", async () => {
    for (const [method, path] of [
      ["GET", "/config"],
      ["POST", "/weekly-send"],
      ["POST", "/test-send"],
      ["GET", "/campaigns"],
    ] as const) {
      expect((await api(`/api/admin/email${path}`, { method })).status, path).toBe(401);
      expect((await api(`/api/admin/email${path}`, { method, headers: await memberHeaders() })).status, path).toBe(403);
    }
  });

  it("reports no missing variables for the local configuration", async () => {
    const res = await api("/api/admin/email/config", { headers: await adminHeaders() });
    expect(await res.json()).toEqual({ missing_vars: [], provider: "outbox", config_errors: [] });
  });

  it("test-sends an action to one address and answers { ok, campaign_id }", async () => {
    const headers = await adminHeaders();
    const action = await createAction({ status: "draft", title: "Draft <action>" });
    const email = uniqueEmail("test-send");
    const res = await post("/test-send", { email, action_id: action.id }, headers);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; campaign_id: string };
    expect(body).toEqual({ ok: true, campaign_id: expect.any(String) });
    const [mail] = await outboxTo(email);
    expect(mail?.subject).toBe("[Test] This week's action: Draft <action>");
    expect(mail?.html).toContain("Draft &lt;action&gt;");
    expect(await campaignRow(body.campaign_id)).toMatchObject({ kind: "test", status: "completed", sentCount: 1 });

    const missing = await post("/test-send", { email: " " }, headers);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: Json }).error.message).toBe("Please enter an email address");
    expect((await post("/test-send", { email, action_id: crypto.randomUUID() }, headers)).status).toBe(404);
  });

  it("refuses to email a draft to subscribers", async () => {
    const action = await createAction({ status: "draft" });
    const res = await post("/weekly-send", { action_id: action.id }, await adminHeaders());
    expect(res.status).toBe(409);
  });

  it("triggers the weekly send through the queue: every subscriber once, 409 when already sent, status view", async () => {
    const headers = await adminHeaders();
    const action = await createAction();
    // More subscribers than two fan-out pages (the tests run with EMAIL_FANOUT_PAGE_SIZE=4).
    expect(config().EMAIL_FANOUT_PAGE_SIZE).toBe(4);
    const subs = [];
    for (let i = 0; i < 10; i++) subs.push(await createSubscriber(i % 2 ? { zipCode: "97201" } : {}));
    const gone = await createSubscriber({ active: false });

    const res = await post("/weekly-send", { action_id: action.id }, headers);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; message: string; campaign_id: string };
    expect(body).toEqual({
      success: true,
      message: expect.stringContaining(action.title),
      campaign_id: expect.any(String),
    });

    const again = await post("/weekly-send", { action_id: action.id }, headers);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: Json }).error.message).toBe(ALREADY_SENT_MESSAGE);

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

    const status = await api("/api/admin/email/campaigns", { headers });
    const { campaigns } = (await status.json()) as { campaigns: CampaignStatus[] };
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
    expect((await post("/weekly-send", { action_id: action.id }, headers)).status).toBe(409);
  }, 90_000);
});
