import { describe, expect, it } from "vitest";
import { PostmarkProvider } from "../../worker/platform/mail/postmark";
import { ResendProvider } from "../../worker/platform/mail/resend";
import type { MailMessage } from "../../worker/platform/mail/types";
import { fakeApi, json, postmarkOk, resendOk } from "./email-fixtures";

const sender = { fromEmail: "hello@earthkind.test", fromName: "Earthkind", replyTo: "team@earthkind.test" };
const messages = (n: number, prefix = "c1"): MailMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    to: `person${i}@example.com`,
    subject: "This week's action",
    html: "<p>Hi</p>",
    text: "Hi",
    headers: { "List-Unsubscribe": `<https://earthkind.test/api/subscription/one-click?token=t${i}>` },
    idempotencyKey: `${prefix}:s${i}`,
    stream: "marketing",
  }));

describe("resend adapter", () => {
  const provider = (fetch: ReturnType<typeof fakeApi>["fetch"], timeoutMs?: number) =>
    new ResendProvider({ apiKey: "re_test", baseUrl: "https://resend.fake", fetch, timeoutMs }, sender);

  it("posts the batch with auth, permissive validation, an idempotency key and the headers", async () => {
    const api = fakeApi(resendOk);
    const results = await provider(api.fetch).sendBatch(messages(3));
    expect(results.every((r) => r.ok)).toBe(true);
    const [req] = api.requests;
    expect(req?.url).toBe("https://resend.fake/emails/batch");
    expect(req?.headers.get("Authorization")).toBe("Bearer re_test");
    expect(req?.headers.get("x-batch-validation")).toBe("permissive");
    expect(req?.headers.get("Idempotency-Key")).toMatch(/^batch-[0-9a-f]{64}$/);
    const body = req?.body as Record<string, unknown>[];
    expect(body).toHaveLength(3);
    expect(body[0]).toMatchObject({
      from: "Earthkind <hello@earthkind.test>",
      to: ["person0@example.com"],
      reply_to: "team@earthkind.test",
      html: "<p>Hi</p>",
      text: "Hi",
      headers: { "List-Unsubscribe": "<https://earthkind.test/api/subscription/one-click?token=t0>" },
    });
  });

  it("derives the same idempotency key for the same recipients, a different one for others", async () => {
    const api = fakeApi(resendOk);
    const p = provider(api.fetch);
    await p.sendBatch(messages(2));
    await p.sendBatch(messages(2));
    await p.sendBatch(messages(2, "c2"));
    const keys = api.requests.map((r) => r.headers.get("Idempotency-Key"));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("maps 429 to retryable with Retry-After", async () => {
    const api = fakeApi(resendOk, [
      () => json(429, { name: "rate_limit_exceeded", message: "Too many requests" }, { "retry-after": "7" }),
    ]);
    const results = await provider(api.fetch).sendBatch(messages(2));
    expect(results).toEqual([
      { ok: false, error: expect.stringContaining("429"), retryable: true, retryAfterSeconds: 7 },
      { ok: false, error: expect.stringContaining("429"), retryable: true, retryAfterSeconds: 7 },
    ]);
  });

  it("waits out a short 429 inside the call and sends with the same idempotency key; a third 429 is returned", async () => {
    const tooMany = () =>
      json(429, { name: "rate_limit_exceeded", message: "Too many requests" }, { "retry-after": "1" });
    const api = fakeApi(resendOk, [tooMany]);
    const started = Date.now();
    const results = await provider(api.fetch).sendBatch(messages(2));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(api.requests).toHaveLength(2);
    expect(api.requests[1]?.headers.get("Idempotency-Key")).toBe(api.requests[0]?.headers.get("Idempotency-Key"));

    const busy = fakeApi(resendOk, [tooMany, tooMany, tooMany]);
    const given = await provider(busy.fetch).sendBatch(messages(1));
    expect(busy.requests).toHaveLength(3);
    expect(given[0]).toMatchObject({ ok: false, retryable: true, retryAfterSeconds: 1 });
  }, 20_000);

  it("maps 500 to retryable and 422/401 to permanent failures", async () => {
    const api = fakeApi(resendOk, [
      () => json(500, { message: "internal" }),
      () => json(422, { name: "validation_error", message: "Invalid from" }),
      () => json(401, { name: "missing_api_key", message: "Missing API key" }),
    ]);
    const p = provider(api.fetch);
    expect((await p.sendBatch(messages(1)))[0]).toMatchObject({ ok: false, retryable: true });
    expect((await p.sendBatch(messages(1)))[0]).toMatchObject({
      ok: false,
      retryable: false,
      error: expect.stringContaining("Invalid from"),
    });
    expect((await p.sendBatch(messages(1)))[0]).toMatchObject({ ok: false, retryable: false });
  });

  it("treats a timeout and a network error as retryable", async () => {
    const hang = fakeApi(resendOk, [() => new Promise<Response>(() => {})]);
    const started = Date.now();
    const [timedOut] = await provider(hang.fetch, 50).sendBatch(messages(1));
    expect(timedOut).toMatchObject({ ok: false, retryable: true, error: expect.stringContaining("timed out") });
    expect(Date.now() - started).toBeLessThan(2000);

    const down = fakeApi(resendOk, [
      () => {
        throw new TypeError("fetch failed");
      },
    ]);
    expect((await provider(down.fetch).sendBatch(messages(1)))[0]).toMatchObject({ ok: false, retryable: true });
  });

  it("reports a partial batch failure per message (permissive mode)", async () => {
    const api = fakeApi(() =>
      json(200, { data: [{ id: "re_a" }, { id: "re_c" }], errors: [{ index: 1, message: "Invalid `to` field" }] }),
    );
    const results = await provider(api.fetch).sendBatch(messages(3));
    expect(results).toEqual([
      { ok: true, providerMessageId: "re_a" },
      // About that message's recipient, not the request (a magic link answers as sent, decision 181).
      { ok: false, error: "resend: Invalid `to` field", retryable: false, recipientRefused: true },
      { ok: true, providerMessageId: "re_c" },
    ]);
  });

  it("refuses more than 100 messages per call", async () => {
    await expect(provider(fakeApi(resendOk).fetch).sendBatch(messages(101))).rejects.toThrow(/100/);
  });
});

describe("postmark adapter", () => {
  const provider = (fetch: ReturnType<typeof fakeApi>["fetch"], timeoutMs?: number) =>
    new PostmarkProvider({ apiKey: "pm_test", baseUrl: "https://postmark.fake", fetch, timeoutMs }, sender);

  it("posts the batch with the server token, headers as a list and the broadcast stream", async () => {
    const api = fakeApi(postmarkOk);
    const results = await provider(api.fetch).sendBatch(messages(2));
    expect(results.every((r) => r.ok)).toBe(true);
    const [req] = api.requests;
    expect(req?.url).toBe("https://postmark.fake/email/batch");
    expect(req?.headers.get("X-Postmark-Server-Token")).toBe("pm_test");
    expect((req?.body as Record<string, unknown>[] | undefined)?.[0]).toMatchObject({
      From: "Earthkind <hello@earthkind.test>",
      To: "person0@example.com",
      ReplyTo: "team@earthkind.test",
      HtmlBody: "<p>Hi</p>",
      TextBody: "Hi",
      MessageStream: "broadcast",
      Headers: [{ Name: "List-Unsubscribe", Value: "<https://earthkind.test/api/subscription/one-click?token=t0>" }],
    });
  });

  it("checks every result of a 200 answer (partial failure)", async () => {
    const api = fakeApi(() =>
      json(200, [
        { ErrorCode: 0, Message: "OK", MessageID: "pm-1", To: "person0@example.com" },
        {
          ErrorCode: 406,
          Message: "You tried to send to a recipient that has been marked as inactive.",
          To: "person1@example.com",
        },
        { ErrorCode: 0, Message: "OK", MessageID: "pm-3", To: "person2@example.com" },
      ]),
    );
    const results = await provider(api.fetch).sendBatch(messages(3));
    expect(results[0]).toEqual({ ok: true, providerMessageId: "pm-1" });
    expect(results[1]).toMatchObject({
      ok: false,
      retryable: false,
      recipientRefused: true,
      error: expect.stringContaining("406"),
    });
    expect(results[2]).toEqual({ ok: true, providerMessageId: "pm-3" });
  });

  it("maps 429 and 500 to retryable, 422 to permanent, timeouts to retryable", async () => {
    const api = fakeApi(postmarkOk, [
      () => json(429, { ErrorCode: 429, Message: "Rate limit exceeded" }, { "Retry-After": "3" }),
      () => json(500, { ErrorCode: 0, Message: "Internal" }),
      () => json(422, { ErrorCode: 300, Message: "Invalid email request" }),
      () => new Promise<Response>(() => {}),
    ]);
    const p = provider(api.fetch, 50);
    expect((await p.sendBatch(messages(1)))[0]).toMatchObject({ ok: false, retryable: true, retryAfterSeconds: 3 });
    expect((await p.sendBatch(messages(1)))[0]).toMatchObject({ ok: false, retryable: true });
    expect((await p.sendBatch(messages(1)))[0]).toMatchObject({
      ok: false,
      retryable: false,
      error: expect.stringContaining("Invalid email request"),
    });
    expect((await p.sendBatch(messages(1)))[0]).toMatchObject({
      ok: false,
      retryable: true,
      error: expect.stringContaining("timed out"),
    });
  });

  it("takes up to 500 messages per call", async () => {
    const api = fakeApi(postmarkOk);
    expect(await provider(api.fetch).sendBatch(messages(500))).toHaveLength(500);
    await expect(provider(api.fetch).sendBatch(messages(501))).rejects.toThrow(/500/);
  });
});
