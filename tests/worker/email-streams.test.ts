import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emailSuppressions, magicLinkTokens, subscribers } from "../../db/schema";
import { requestMagicLink } from "../../worker/features/auth/magic-link";
import { deliverContactNotification, storeContactMessage } from "../../worker/features/contact/service";
import { getConfig } from "../../worker/platform/config";
import { OutboxProvider } from "../../worker/platform/mail/outbox";
import { PostmarkProvider } from "../../worker/platform/mail/postmark";
import { ResendProvider } from "../../worker/platform/mail/resend";
import type { MailMessage, MailStream } from "../../worker/platform/mail/types";
import { fromIp, latestOutboxMessage, tokenFromLink, uniqueIp } from "./auth-support";
import {
  deliveriesOf,
  fakeApi,
  json,
  outboxOfCampaign,
  outboxTo,
  postmarkOk,
  resendOk,
  runConsumer,
  testDeps,
  weeklyJob,
} from "./email-fixtures";
import { adminHeaders, config, db, signIn } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createAction, createCampaign, createSubscriber, createUser, uniqueEmail } from "./support/factories";

const suppress = (email: string, reason: "hard_bounce" | "complaint") =>
  db()
    .insert(emailSuppressions)
    .values({ email, reason, providerEventId: `test-${crypto.randomUUID()}` });

const requestLink = (email: string) =>
  client.api.auth["magic-link"].$post({ json: { email } }, { headers: fromIp(uniqueIp()) });

/** Why a subscriber gets no newsletter: on the suppression list, or unsubscribed. */
const REASONS = ["complaint", "hard_bounce", "unsubscribed"] as const;

async function subscriberWho(reason: (typeof REASONS)[number]) {
  const sub = await createSubscriber();
  if (reason === "unsubscribed")
    await db()
      .update(subscribers)
      .set({ active: false, unsubscribedAt: new Date().toISOString() })
      .where(eq(subscribers.id, sub.id));
  else await suppress(sub.email, reason);
  return sub;
}

describe("suppression stops marketing mail only (decision 181)", () => {
  it.each(REASONS)("%s: no weekly or welcome email, but the sign-in link arrives and works", async (reason) => {
    const sub = await subscriberWho(reason);
    const kept = await createSubscriber();
    const campaign = await createCampaign((await createAction()).id, [sub.id, kept.id]);
    await runConsumer([weeklyJob(campaign.id, [sub.id, kept.id])], testDeps());
    expect((await outboxOfCampaign(campaign.id)).map((m) => m.to)).toEqual([kept.email]);
    expect((await deliveriesOf(campaign.id)).find((r) => r.subscriberId === sub.id)?.status).toBe(
      reason === "unsubscribed" ? "skipped" : "suppressed",
    );
    await runConsumer([{ type: "welcome", subscriberId: sub.id, requestedAt: new Date().toISOString() }], testDeps());
    expect(await outboxTo(sub.email)).toEqual([]);

    expect((await requestLink(sub.email)).status).toBe(200);
    const link = await latestOutboxMessage(sub.email);
    expect(link?.subject).toMatch(/sign-in link/);
    // Account mail carries no List-Unsubscribe: there is no list to leave.
    expect(Object.keys(link?.headers ?? {})).not.toContain("List-Unsubscribe");
    const verified = await client.api.auth.verify.$post(
      { json: { token: tokenFromLink(link?.text ?? "") } },
      { headers: fromIp(uniqueIp()) },
    );
    expect(verified.status).toBe(200);
  });

  it("POST /api/auth/magic-link answers a suppressed address exactly as any other, also when asked again", async () => {
    const plain = uniqueEmail("plain");
    const complained = uniqueEmail("complained");
    const bounced = uniqueEmail("bounced");
    await suppress(complained, "complaint");
    await suppress(bounced, "hard_bounce");
    const answer = async (email: string) => {
      const res = await requestLink(email);
      return { status: res.status, body: await res.json() };
    };
    const first = await answer(plain);
    expect(first).toEqual({ status: 200, body: { ok: true, message: "Check your email for a sign-in link." } });
    expect(await answer(complained)).toEqual(first);
    expect(await answer(bounced)).toEqual(first);
    // The per-address limit counts every address alike: a second request is refused the same way.
    const again = await answer(plain);
    expect(again.status).toBe(429);
    expect(await answer(complained)).toEqual(again);
    expect(await answer(bounced)).toEqual(again);
    for (const email of [plain, complained, bounced]) expect(await outboxTo(email)).toHaveLength(1);
  });

  it("password and account-deletion notices reach a suppressed address", { timeout: 30_000 }, async () => {
    const user = await createUser();
    await suppress(user.email, "complaint");
    const { headers } = await signIn(user);
    await ok(client.api.me.password.$put({ json: { password: "a brand new secret" } }, { headers }));
    expect((await latestOutboxMessage(user.email))?.subject).toMatch(/password was changed/);

    await ok(client.api.me.$delete({ json: { confirm_email: user.email } }, { headers }));
    expect((await latestOutboxMessage(user.email))?.subject).toMatch(/account has been deleted/);
  });

  it("the contact form's notification reaches a suppressed team address", async () => {
    const team = uniqueEmail("team");
    await suppress(team, "hard_bounce");
    const id = await storeContactMessage(db(), { name: "Ada", email: uniqueEmail("visitor"), message: "Hi" }, null);
    await deliverContactNotification(testDeps({ config: { ...config(), CONTACT_TO: team } }), id, 1);
    expect(await outboxTo(team)).toHaveLength(1);
  });

  it("the admin's resubscribe invitation is marketing: held back for a suppressed address, with 409 saying why", async () => {
    const sub = await subscriberWho("unsubscribed");
    await suppress(sub.email, "complaint");
    const res = await client.api.admin.subscribers[":id"].resubscribe.$post(
      { param: { id: sub.id } },
      { headers: await adminHeaders() },
    );
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("suppressed");
    expect(await outboxTo(sub.email)).toEqual([]);
  });
});

describe("a recipient the provider refuses (Postmark's inactive address)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const postmarkConfig = () =>
    getConfig({
      ...env,
      MAIL_PROVIDER: "postmark",
      MAIL_API_KEY: "pm_test",
      MAIL_API_BASE_URL: "https://postmark.fake",
    });
  const tokensOf = (email: string) => db().select().from(magicLinkTokens).where(eq(magicLinkTokens.email, email));

  it("is still sent the link on the transactional stream, answered as sent, and counted like any request", async () => {
    const email = uniqueEmail("inactive");
    await suppress(email, "hard_bounce");
    const inactive = () =>
      json(200, [{ ErrorCode: 406, Message: "You tried to send to recipient(s) that have been marked as inactive." }]);
    const api = fakeApi(inactive);
    vi.stubGlobal("fetch", api.fetch);

    await expect(requestMagicLink(db(), postmarkConfig(), env.KV, { email, ip: null })).resolves.toBeUndefined();
    // Attempted despite the hard bounce (the mailbox may work again): Postmark's answer is the outcome.
    const [sent] = api.requests.map((r) => (r.body as Record<string, unknown>[])[0]);
    expect(sent).toMatchObject({ To: email, MessageStream: "outbound", Headers: [] });
    expect(await tokensOf(email)).toHaveLength(1);
  });

  it("while a failure of the service itself still answers 503 and frees the limit", async () => {
    const email = uniqueEmail("outage");
    vi.stubGlobal("fetch", fakeApi(() => json(500, { ErrorCode: 0, Message: "Internal" })).fetch);
    await expect(requestMagicLink(db(), postmarkConfig(), env.KV, { email, ip: null })).rejects.toMatchObject({
      status: 503,
    });
    expect(await tokensOf(email)).toEqual([]);
  });
});

describe("the adapters send each stream its own way", () => {
  const sender = { fromEmail: "hello@earthkind.test", fromName: "Earthkind" };
  const listHeaders = {
    "List-Unsubscribe": "<https://earthkind.test/api/subscription/one-click?token=t>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "X-Entity-Ref-ID": "ref-1",
  };
  const message = (stream: MailStream): MailMessage => ({
    to: uniqueEmail(stream),
    subject: "s",
    html: "<p>h</p>",
    text: "t",
    headers: listHeaders,
    stream,
  });

  it("Postmark: marketing on the broadcast stream with List-Unsubscribe, account on the transactional stream without", async () => {
    const api = fakeApi(postmarkOk);
    const postmark = new PostmarkProvider({ apiKey: "pm", baseUrl: "https://postmark.fake", fetch: api.fetch }, sender);
    await postmark.sendBatch([message("marketing"), message("account")]);
    const [marketing, account] = (api.requests[0]?.body ?? []) as {
      MessageStream: string;
      Headers: { Name: string }[];
    }[];
    expect(marketing?.MessageStream).toBe("broadcast");
    expect(marketing?.Headers.map((h) => h.Name)).toEqual(Object.keys(listHeaders));
    expect(account?.MessageStream).toBe("outbound");
    expect(account?.Headers.map((h) => h.Name)).toEqual(["X-Entity-Ref-ID"]);

    const named = fakeApi(postmarkOk);
    await new PostmarkProvider(
      { apiKey: "pm", fetch: named.fetch, broadcastStream: "weekly", transactionalStream: "account-mail" },
      sender,
    ).sendBatch([message("marketing"), message("account")]);
    expect(((named.requests[0]?.body ?? []) as { MessageStream: string }[]).map((m) => m.MessageStream)).toEqual([
      "weekly",
      "account-mail",
    ]);
  });

  it("Resend (no streams): a stream tag, and List-Unsubscribe on marketing only", async () => {
    const api = fakeApi(resendOk);
    const resend = new ResendProvider({ apiKey: "re", baseUrl: "https://resend.fake", fetch: api.fetch }, sender);
    await resend.sendBatch([message("marketing"), message("account")]);
    const [marketing, account] = (api.requests[0]?.body ?? []) as {
      headers?: Record<string, string>;
      tags: { name: string; value: string }[];
    }[];
    expect(marketing?.tags).toEqual([{ name: "stream", value: "marketing" }]);
    expect(marketing?.headers).toEqual(listHeaders);
    expect(account?.tags).toEqual([{ name: "stream", value: "account" }]);
    expect(account?.headers).toEqual({ "X-Entity-Ref-ID": "ref-1" });
  });

  it("the outbox stores List-Unsubscribe on marketing mail only", async () => {
    const outbox = new OutboxProvider(db(), sender);
    const marketing = message("marketing");
    const account = message("account");
    await outbox.sendBatch([marketing, account]);
    expect((await outboxTo(marketing.to))[0]?.headers).toEqual(listHeaders);
    expect((await outboxTo(account.to))[0]?.headers).toEqual({ "X-Entity-Ref-ID": "ref-1" });
  });
});
