import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailCampaigns, emailDeliveries, emailSuppressions, emailWebhookEvents, subscribers } from "../../db/schema";
import { SUPPRESSED_TEST_MESSAGE } from "../../worker/features/email/admin-routes";
import { configFindings } from "../../worker/features/security/scan-config";
import { verifySvix } from "../../worker/platform/webhook-auth";
import {
  campaignRow,
  deliveriesOf,
  outboxOfCampaign,
  outboxTo,
  runConsumer,
  testDeps,
  weeklyJob,
} from "./email-fixtures";
import { adminHeaders, api, config, db, memberHeaders } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createAction, createCampaign, createSubscriber, uniqueEmail } from "./support/factories";

const SECRET = env.MAIL_WEBHOOK_SECRET as string;

async function svixSign(id: string, timestamp: number, body: string, secret = SECRET) {
  const key = Uint8Array.from(atob(secret.slice("whsec_".length)), (c) => c.charCodeAt(0));
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(`${id}.${timestamp}.${body}`)),
  );
  return `v1,${btoa(String.fromCharCode(...mac))}`;
}

/** POSTs a Resend (Svix-signed) webhook, signed now unless told otherwise. */
async function resendHook(
  payload: unknown,
  opts: { id?: string; timestamp?: number; signature?: string; body?: string } = {},
) {
  const id = opts.id ?? `msg_${crypto.randomUUID()}`;
  const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
  const body = JSON.stringify(payload);
  const signature = opts.signature ?? (await svixSign(id, timestamp, body));
  return api("/api/webhooks/mail/resend", {
    method: "POST",
    body: opts.body ?? body,
    headers: {
      "Content-Type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(timestamp),
      "svix-signature": signature,
    },
  });
}

const bounced = (to: string, type: "Permanent" | "Transient", emailId = crypto.randomUUID()) => ({
  type: "email.bounced",
  created_at: new Date().toISOString(),
  data: { email_id: emailId, to: [to], subject: "x", bounce: { type, subType: "General", message: "550" } },
});
const complained = (to: string, emailId = crypto.randomUUID()) => ({
  type: "email.complained",
  created_at: new Date().toISOString(),
  data: { email_id: emailId, to: [to], subject: "x" },
});
const delivered = (to: string) => ({
  type: "email.delivered",
  created_at: new Date().toISOString(),
  data: { email_id: crypto.randomUUID(), to: [to], subject: "x" },
});

const suppressionOf = async (email: string) =>
  (await db().select().from(emailSuppressions).where(eq(emailSuppressions.email, email)))[0];

const postmarkHook = (payload: unknown, credentials = `postmark:${SECRET}`) =>
  api("/api/webhooks/mail/postmark", {
    method: "POST",
    json: payload,
    headers: { Authorization: `Basic ${btoa(credentials)}` },
  });

describe("Svix signatures", () => {
  it("match the published Svix test vector, and nothing else", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const headers = {
      id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
      timestamp: "1614265330",
      signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    };
    const body = '{"test": 2432232314}';
    const at = new Date(1614265330 * 1000);
    expect(await verifySvix(secret, headers, body, at)).toBe("ok");
    // Several signatures (a secret rotation): any valid v1 one passes.
    expect(await verifySvix(secret, { ...headers, signature: `v1,AAAA ${headers.signature}` }, body, at)).toBe("ok");
    expect(await verifySvix(secret, headers, '{"test": 2432232315}', at)).toBe("bad_signature");
    expect(await verifySvix(secret, { ...headers, id: "msg_other" }, body, at)).toBe("bad_signature");
    expect(await verifySvix("whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", headers, body, at)).toBe("bad_signature");
    expect(await verifySvix(secret, headers, body, new Date(at.getTime() + 301_000))).toBe("stale");
    expect(await verifySvix(secret, headers, body, new Date(at.getTime() - 301_000))).toBe("stale");
    expect(await verifySvix(secret, headers, body, new Date(at.getTime() + 299_000))).toBe("ok");
    expect(await verifySvix(secret, { ...headers, signature: undefined }, body, at)).toBe("missing_headers");
  });
});

describe("Resend webhook", () => {
  it("suppresses a hard bounce once per event id, and rejects bad signatures, tampering and replays", async () => {
    const email = uniqueEmail("bounce");
    const id = `msg_${crypto.randomUUID()}`;
    const first = await resendHook(bounced(email, "Permanent"), { id });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, duplicate: false });
    expect(await suppressionOf(email)).toMatchObject({ reason: "hard_bounce", providerEventId: id });

    // The provider retries the same event: nothing changes.
    const again = await resendHook(bounced(email, "Permanent"), { id });
    expect(await again.json()).toEqual({ ok: true, duplicate: true });
    expect(await db().select().from(emailWebhookEvents).where(eq(emailWebhookEvents.eventId, id))).toHaveLength(1);

    const other = uniqueEmail("forged");
    const forged = await resendHook(bounced(other, "Permanent"), {
      signature: "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    });
    expect(forged.status).toBe(401);
    const body = JSON.stringify(bounced(other, "Permanent"));
    const ts = Math.floor(Date.now() / 1000);
    const tampered = await resendHook(bounced(other, "Permanent"), {
      id: "msg_t",
      timestamp: ts,
      signature: await svixSign("msg_t", ts, body),
      body: body.replace(other, uniqueEmail("swapped")),
    });
    expect(tampered.status).toBe(401);
    // A correctly signed message captured and replayed six minutes later.
    const old = await resendHook(bounced(other, "Permanent"), { timestamp: ts - 360 });
    expect(old.status).toBe(401);
    expect(((await old.json()) as { error: { message: string } }).error.message).toMatch(/too old/);
    const unsigned = await api("/api/webhooks/mail/resend", { method: "POST", json: bounced(other, "Permanent") });
    expect(unsigned.status).toBe(401);
    expect(await suppressionOf(other)).toBeUndefined();
  });

  it("counts soft bounces in a row: three suppress, a delivery in between resets, a repeated event counts once", async () => {
    const email = uniqueEmail("soft");
    const repeated = `msg_${crypto.randomUUID()}`;
    for (let i = 0; i < 3; i++) await resendHook(bounced(email, "Transient"), { id: repeated });
    expect(await suppressionOf(email)).toBeUndefined();

    await resendHook(bounced(email, "Transient"));
    await resendHook(delivered(email));
    await resendHook(bounced(email, "Transient"));
    await resendHook(bounced(email, "Transient"));
    expect(await suppressionOf(email)).toBeUndefined();
    const third = `msg_${crypto.randomUUID()}`;
    await resendHook(bounced(email, "Transient"), { id: third });
    expect(await suppressionOf(email)).toMatchObject({ reason: "soft_bounce", providerEventId: third });
  });

  it("a bounce finds its recipient by address and the newest campaign the ledger sent to it (decision 245)", async () => {
    const sub = await createSubscriber();
    const other = await createSubscriber();
    const first = await createCampaign((await createAction()).id, [sub.id]);
    await runConsumer([weeklyJob(first.id, [sub.id])], testDeps());
    const second = await createCampaign((await createAction()).id, [sub.id, other.id]);
    await runConsumer([weeklyJob(second.id, [sub.id, other.id])], testDeps());
    // A third campaign that never reached this address does not take the bounce.
    const third = await createCampaign((await createAction()).id, [other.id]);
    await runConsumer([weeklyJob(third.id, [other.id])], testDeps());

    const res = await resendHook(bounced(sub.email, "Permanent"));
    expect(res.status).toBe(200);
    expect(await suppressionOf(sub.email)).toMatchObject({ reason: "hard_bounce" });
    const [event] = await db().select().from(emailWebhookEvents).where(eq(emailWebhookEvents.email, sub.email));
    expect(event).toMatchObject({ type: "hard_bounce", campaignId: second.id });
  });

  it("a complaint suppresses and unsubscribes, and counts toward the last campaign's complaint rate", async () => {
    const sub = await createSubscriber();
    const action = await createAction();
    const campaign = await createCampaign(action.id, [sub.id]);
    await runConsumer([weeklyJob(campaign.id, [sub.id])], testDeps());
    const [row] = await deliveriesOf(campaign.id);
    expect(row?.status).toBe("sent");

    // The provider names its own message id; the ledger finds the campaign by address (decision 245).
    const res = await resendHook(complained(sub.email, `re_${crypto.randomUUID()}`));
    expect(res.status).toBe(200);
    expect(await suppressionOf(sub.email)).toMatchObject({ reason: "complaint" });
    const [after] = await db().select().from(subscribers).where(eq(subscribers.id, sub.id));
    expect(after).toMatchObject({ active: false });
    expect(after?.unsubscribedAt).toBeTruthy();
    const [event] = await db().select().from(emailWebhookEvents).where(eq(emailWebhookEvents.email, sub.email));
    expect(event).toMatchObject({ type: "complaint", campaignId: campaign.id });

    // 1 complaint of 1 sent is far above 0.1 %: the security scan says so.
    await db()
      .update(emailCampaigns)
      .set({ createdAt: "2999-01-01T00:00:00.000Z" })
      .where(eq(emailCampaigns.id, campaign.id));
    const scan = async () =>
      (await ok(client.api.admin.security.scan.$post(undefined, { headers: await adminHeaders() }))).findings;
    const findings = await scan();
    expect(findings).toContainEqual(expect.objectContaining({ id: "complaint-rate-high", severity: "high" }));
    // Under the threshold (1 in 2,000 = 0.05 %) it does not.
    await db().update(emailCampaigns).set({ sentCount: 2000 }).where(eq(emailCampaigns.id, campaign.id));
    expect((await scan()).map((f) => f.id)).not.toContain("complaint-rate-high");
    await db().delete(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
  });

  it("ignores events it does not act on, and answers 400 for a malformed body", async () => {
    const res = await resendHook({ type: "email.opened", data: { to: ["a@example.com"] } });
    expect(await res.json()).toEqual({ ok: true, ignored: true });
    const ts = Math.floor(Date.now() / 1000);
    const bad = await resendHook(
      {},
      { id: "msg_bad", timestamp: ts, signature: await svixSign("msg_bad", ts, "{not json"), body: "{not json" },
    );
    expect(bad.status).toBe(400);
  });
});

describe("Postmark webhook", () => {
  it("checks the credentials in the request, then suppresses hard bounces and complaints", async () => {
    const email = uniqueEmail("pm");
    const bounce = {
      RecordType: "Bounce",
      ID: Date.now(),
      Type: "HardBounce",
      TypeCode: 1,
      Email: email,
      MessageID: "x",
    };
    expect((await postmarkHook(bounce, "postmark:wrong")).status).toBe(401);
    expect((await postmarkHook(bounce, `someone:${SECRET}`)).status).toBe(401);
    expect((await api("/api/webhooks/mail/postmark", { method: "POST", json: bounce })).status).toBe(401);
    expect(await suppressionOf(email)).toBeUndefined();

    expect((await postmarkHook(bounce)).status).toBe(200);
    expect(await suppressionOf(email)).toMatchObject({ reason: "hard_bounce", providerEventId: `bounce:${bounce.ID}` });
    expect(await (await postmarkHook(bounce)).json()).toEqual({ ok: true, duplicate: true });

    // A complaint outranks the bounce already on the list.
    await postmarkHook({ RecordType: "SpamComplaint", ID: Date.now() + 1, Type: "SpamComplaint", Email: email });
    expect(await suppressionOf(email)).toMatchObject({ reason: "complaint" });
  });
});

describe("no marketing mail to a suppressed address", () => {
  const suppress = (email: string, reason: "hard_bounce" | "complaint" = "hard_bounce") =>
    db().insert(emailSuppressions).values({ email, reason, providerEventId: "test" });

  it("weekly: recorded as suppressed in the ledger, never sent", async () => {
    const kept = await createSubscriber();
    const gone = await createSubscriber();
    await suppress(gone.email);
    const action = await createAction();
    const campaign = await createCampaign(action.id, [kept.id, gone.id]);
    await runConsumer([weeklyJob(campaign.id, [kept.id, gone.id])], testDeps());
    const rows = await deliveriesOf(campaign.id);
    expect(rows.find((r) => r.subscriberId === gone.id)).toMatchObject({ status: "suppressed" });
    expect(rows.find((r) => r.subscriberId === kept.id)).toMatchObject({ status: "sent" });
    expect((await outboxOfCampaign(campaign.id)).map((m) => m.to)).toEqual([kept.email]);
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "completed", sentCount: 1, skippedCount: 1 });
  });

  it("welcome, test sends and welcome tests; the sign-in link still goes out (decision 181)", async () => {
    const sub = await createSubscriber();
    await suppress(sub.email);
    await runConsumer([{ type: "welcome", subscriberId: sub.id, requestedAt: new Date().toISOString() }], testDeps());
    expect(await outboxTo(sub.email)).toHaveLength(0);

    const headers = await adminHeaders();
    const action = await createAction();
    const test = await client.api.admin.email["test-send"].$post(
      { json: { email: sub.email, action_id: action.id } },
      { headers },
    );
    expect(test.status).toBe(409);
    expect((await errorOf(test)).message).toBe(SUPPRESSED_TEST_MESSAGE);
    const welcomeTest = await client.api.admin.email["welcome-test"].$post({ json: { email: sub.email } }, { headers });
    expect(welcomeTest.status).toBe(409);
    const [ledgerRow] = await db().select().from(emailDeliveries).where(eq(emailDeliveries.email, sub.email));
    expect(ledgerRow?.status).toBe("suppressed");

    expect((await client.api.auth["magic-link"].$post({ json: { email: sub.email } })).status).toBe(200);
    expect((await outboxTo(sub.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/sign-in link/)]);
  });
});

describe("admin suppression list", () => {
  it("is admin-only, counts by reason, searches and removes", async () => {
    const suppressions = client.api.admin.email.suppressions;
    expect((await suppressions.$get({ query: {} })).status).toBe(401);
    expect((await suppressions.$get({ query: {} }, { headers: await memberHeaders() })).status).toBe(403);
    const headers = await adminHeaders();
    const tag = `needle${Date.now()}`;
    const a = `${tag}-a@example.com`;
    await db()
      .insert(emailSuppressions)
      .values([
        { email: a, reason: "complaint", providerEventId: "e1" },
        { email: `${tag}-b@example.com`, reason: "soft_bounce", providerEventId: "e2" },
      ]);
    const search = (q?: string) => ok(suppressions.$get({ query: { q } }, { headers }));
    const all = await search();
    expect(all.counts.complaint).toBeGreaterThanOrEqual(1);
    expect(all.counts.soft_bounce).toBeGreaterThanOrEqual(1);
    expect(all.total).toBe(all.counts.complaint + all.counts.hard_bounce + all.counts.soft_bounce);

    const found = await search(`${tag.toUpperCase()}-A`);
    expect(found.items.map((i) => i.email)).toEqual([a]);
    // LIKE wildcards in the search are literal.
    expect((await search("%_%")).items).toEqual([]);

    const id = found.items[0]?.id as string;
    const remove = () => suppressions[":id"].$delete({ param: { id } }, { headers });
    expect((await remove()).status).toBe(200);
    expect(await suppressionOf(a)).toBeUndefined();
    expect((await remove()).status).toBe(404);
  });
});

describe("security scan: sender health", () => {
  it("reports an HTTP provider without a webhook secret", () => {
    const ids = (overrides: Partial<ReturnType<typeof config>>) =>
      configFindings({ ...config(), ...overrides }).map((f) => f.id);
    expect(ids({ MAIL_PROVIDER: "resend", MAIL_API_KEY: "re_x", MAIL_WEBHOOK_SECRET: undefined })).toContain(
      "mail-webhook-secret-missing",
    );
    expect(ids({ MAIL_PROVIDER: "postmark", MAIL_API_KEY: "pm", MAIL_WEBHOOK_SECRET: "s3cret" })).not.toContain(
      "mail-webhook-secret-missing",
    );
    expect(ids({ MAIL_PROVIDER: "outbox", MAIL_WEBHOOK_SECRET: undefined })).not.toContain(
      "mail-webhook-secret-missing",
    );
  });
});
