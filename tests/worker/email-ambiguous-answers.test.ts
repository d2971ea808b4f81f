// Exactly once when the provider's answer is ambiguous (issue 24 item 2, decision 198): fakes of Resend and
// Postmark that accept a batch and then lose the answer (a timeout, or a 500 after accepting), and one that
// fails for real. Each fake keeps what it delivered, so "exactly one email per address" is the provider's
// own count, not the ledger's.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SETTLE_AFTER_SECONDS } from "../../worker/features/email/send-requests";
import type { FetchLike } from "../../worker/platform/mail/http";
import { PostmarkProvider } from "../../worker/platform/mail/postmark";
import { ResendProvider } from "../../worker/platform/mail/resend";
import type { MailProvider } from "../../worker/platform/mail/types";
import { campaignRow, deliveriesOf, json, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { client } from "./support/client";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

const sender = { fromEmail: "hello@earthkind.test", fromName: "Earthkind" };
/** How the fake answers a request it has accepted (or, for "fail", refuses before accepting). */
type Mode = "ok" | "accept-then-timeout" | "accept-then-500" | "fail-500";
const never = () => new Promise<Response>(() => {});

/**
 * Resend's batch API as documented: a request with an Idempotency-Key it has seen is not sent again; the
 * same payload gets the first answer replayed, a different payload 409 invalid_idempotent_request.
 */
function fakeResend(modes: Mode[]) {
  const delivered: string[] = [];
  const keys: string[] = [];
  const seen = new Map<string, { payload: string; answer: { data: { id: string }[] } }>();
  const fetch: FetchLike = async (_url, init) => {
    const key = new Headers(init.headers).get("Idempotency-Key") ?? "";
    keys.push(key);
    const payload = String(init.body);
    const mode = modes.shift() ?? "ok";
    if (mode === "fail-500") return json(500, { name: "internal_server_error", message: "boom" });
    const earlier = seen.get(key);
    if (earlier && earlier.payload !== payload)
      return json(409, { name: "invalid_idempotent_request", message: "different payload" });
    if (!earlier) {
      const messages = JSON.parse(payload) as { to: string[] }[];
      delivered.push(...messages.map((m) => m.to[0] as string));
      seen.set(key, { payload, answer: { data: messages.map(() => ({ id: `re_${crypto.randomUUID()}` })) } });
    }
    if (mode === "accept-then-timeout") return never();
    if (mode === "accept-then-500") return json(500, { name: "internal_server_error", message: "lost" });
    return json(200, seen.get(key)?.answer);
  };
  const provider = new ResendProvider(
    { apiKey: "re_test", baseUrl: "https://resend.fake", fetch, timeoutMs: 200 },
    sender,
  );
  return { provider, delivered, keys };
}

/** Postmark's batch API (no idempotency) and its outbound message search by metadata. */
function fakePostmark(modes: Mode[], opts: { searchDown?: boolean } = {}) {
  const delivered: { to: string; id: string; key: string | undefined }[] = [];
  let searches = 0;
  const fetch: FetchLike = async (url, init) => {
    const u = new URL(url);
    if (u.pathname === "/messages/outbound") {
      searches++;
      if (opts.searchDown) return json(503, { ErrorCode: 100, Message: "maintenance" });
      const key = u.searchParams.get("metadata_send_key");
      const hits = delivered.filter((d) => d.key === key);
      return json(200, {
        TotalCount: hits.length,
        Messages: hits.map((d) => ({ MessageID: d.id, Recipients: [d.to], Metadata: { send_key: d.key } })),
      });
    }
    const mode = modes.shift() ?? "ok";
    if (mode === "fail-500") return json(500, { ErrorCode: 0, Message: "boom" });
    const messages = JSON.parse(String(init.body)) as { To: string; Metadata?: { send_key?: string } }[];
    const accepted = messages.map((m) => ({ to: m.To, id: `pm-${crypto.randomUUID()}`, key: m.Metadata?.send_key }));
    delivered.push(...accepted);
    if (mode === "accept-then-timeout") return never();
    if (mode === "accept-then-500") return json(500, { ErrorCode: 0, Message: "lost" });
    return json(
      200,
      accepted.map((a) => ({ ErrorCode: 0, Message: "OK", MessageID: a.id, To: a.to })),
    );
  };
  const provider = new PostmarkProvider(
    { apiKey: "pm_test", baseUrl: "https://postmark.fake", fetch, timeoutMs: 200 },
    sender,
  );
  return { provider, delivered, searches: () => searches };
}

async function weeklyCampaign(n: number) {
  const action = await createAction();
  const subs = [];
  for (let i = 0; i < n; i++) subs.push(await createSubscriber({ firstName: `Reader ${i}` }));
  const ids = subs.map((s) => s.id);
  const campaign = await createCampaign(action.id, ids);
  return { subs, campaign, job: weeklyJob(campaign.id, ids) };
}

/** Runs the job's attempts, each `stepSeconds` after the last, until it is acked (at most `max`). */
async function runUntilAcked(
  job: ReturnType<typeof weeklyJob>,
  provider: MailProvider,
  opts: { stepSeconds?: number; max?: number } = {},
) {
  const t0 = Date.now();
  for (let attempt = 1; attempt <= (opts.max ?? 5); attempt++) {
    const at = new Date(t0 + (attempt - 1) * (opts.stepSeconds ?? 1) * 1000);
    const result = await runConsumer([job], testDeps({ provider, now: () => at }), { attempts: attempt });
    if (result.explicitAcks.length === 1) return attempt;
  }
  return null;
}

const counts = (items: string[]) => {
  const m = new Map<string, number>();
  for (const it of items) m.set(it, (m.get(it) ?? 0) + 1);
  return m;
};

describe("exactly once when the provider's answer is ambiguous", () => {
  for (const mode of ["accept-then-timeout", "accept-then-500"] as const) {
    it(`Resend, ${mode}: the retry goes under the same key, and every address gets one email`, async () => {
      const { subs, campaign, job } = await weeklyCampaign(3);
      const fake = fakeResend([mode]);

      expect(await runUntilAcked(job, fake.provider)).toBe(2);
      expect(fake.keys).toHaveLength(2);
      expect(fake.keys[1]).toBe(fake.keys[0]);
      expect(counts(fake.delivered)).toEqual(new Map(subs.map((s) => [s.email, 1])));
      const rows = await deliveriesOf(campaign.id);
      // Settled: sent, the send key cleared (message ids are not kept per recipient, decision 245).
      expect(rows.every((r) => r.status === "sent" && r.sendKey === null && r.claimedUntil === null)).toBe(true);
      expect(await campaignRow(campaign.id)).toMatchObject({ status: "completed", sentCount: 3 });
    });
  }

  it("Resend: recipients are fixed at the first send, even if one unsubscribes before the retry", async () => {
    const { subs, campaign, job } = await weeklyCampaign(3);
    const fake = fakeResend(["accept-then-500"]);
    expect(await runUntilAcked(job, fake.provider, { max: 1 })).toBeNull();

    const leaver = subs[1] as (typeof subs)[number];
    await client.api.subscription.unsubscribe.$post({ json: { token: leaver.manageToken } });
    expect(await runUntilAcked(job, fake.provider)).toBe(1);

    // The retry carried the same key and the same three recipients: Resend replayed, nobody got two.
    expect(fake.keys[1]).toBe(fake.keys[0]);
    expect(counts(fake.delivered)).toEqual(new Map(subs.map((s) => [s.email, 1])));
    expect((await deliveriesOf(campaign.id)).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("Resend: a retry whose content changed meanwhile is recorded as sent by the first request, not sent again", async () => {
    const { subs, campaign, job } = await weeklyCampaign(2);
    const fake = fakeResend(["accept-then-500"]);
    expect(await runUntilAcked(job, fake.provider, { max: 1 })).toBeNull();
    // A renamed subscriber changes the rendered greeting, so the payload under the key differs.
    await env.DB.prepare("UPDATE subscribers SET first_name = 'Renamed' WHERE id = ?").bind(subs[0]?.id).run();

    expect(await runUntilAcked(job, fake.provider)).toBe(1);
    expect(counts(fake.delivered)).toEqual(new Map(subs.map((s) => [s.email, 1])));
    expect((await deliveriesOf(campaign.id)).every((r) => r.status === "sent")).toBe(true);
  });

  it("Resend: a real failure (500 before accepting) is sent on the retry, once", async () => {
    const { subs, job } = await weeklyCampaign(2);
    const fake = fakeResend(["fail-500"]);
    expect(await runUntilAcked(job, fake.provider)).toBe(2);
    expect(counts(fake.delivered)).toEqual(new Map(subs.map((s) => [s.email, 1])));
  });

  for (const mode of ["accept-then-timeout", "accept-then-500"] as const) {
    it(`Postmark, ${mode}: the retry asks Postmark what it took and sends nothing again`, async () => {
      const { subs, campaign, job } = await weeklyCampaign(3);
      const fake = fakePostmark([mode]);

      // The first retry comes inside the settling time and asks nothing; the next one searches.
      expect(await runUntilAcked(job, fake.provider, { stepSeconds: SETTLE_AFTER_SECONDS / 2 + 1 })).toBe(3);
      expect(fake.searches()).toBe(1);
      expect(counts(fake.delivered.map((d) => d.to))).toEqual(new Map(subs.map((s) => [s.email, 1])));
      const rows = await deliveriesOf(campaign.id);
      expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
      expect(rows.every((r) => r.sendKey === null)).toBe(true);
    });
  }

  it("Postmark: a 500 that accepted nothing is found empty and sent, once", async () => {
    const { subs, job } = await weeklyCampaign(2);
    const fake = fakePostmark(["fail-500"]);
    expect(await runUntilAcked(job, fake.provider, { stepSeconds: SETTLE_AFTER_SECONDS + 1 })).toBe(2);
    expect(fake.searches()).toBe(1);
    expect(counts(fake.delivered.map((d) => d.to))).toEqual(new Map(subs.map((s) => [s.email, 1])));
  });

  it("Postmark: while its search cannot be read, nothing is resent; the dead letter reports them unsettled", async () => {
    const { campaign, job } = await weeklyCampaign(2);
    const fake = fakePostmark(["accept-then-500"], { searchDown: true });
    expect(await runUntilAcked(job, fake.provider, { stepSeconds: SETTLE_AFTER_SECONDS + 1, max: 4 })).toBeNull();
    expect(fake.searches()).toBe(3);
    expect(fake.delivered).toHaveLength(2);

    await runConsumer([job], testDeps({ provider: fake.provider }), { queue: "earthkind-email-dlq", attempts: 9 });
    const rows = await deliveriesOf(campaign.id);
    expect(rows.map((r) => r.status)).toEqual(["failed", "failed"]);
    expect(rows.every((r) => r.error?.includes("unsettled"))).toBe(true);
    expect(fake.delivered).toHaveLength(2);
  });
});
