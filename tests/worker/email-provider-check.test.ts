import { describe, expect, it, vi } from "vitest";
import { PostmarkProvider } from "../../worker/platform/mail/postmark";
import { ResendProvider } from "../../worker/platform/mail/resend";
import { fakeApi, json } from "./email-fixtures";
import { adminHeaders, signIn } from "./helpers";
import { client, ok } from "./support/client";
import { createUser } from "./support/factories";

const testConfig = (headers?: Record<string, string>) =>
  client.api.admin.email["test-config"].$post(undefined, { headers });

const KEY = "re_secret_key_value";
const sender = { fromEmail: "hello@earthkind.test", fromName: "Earthkind" };
const never = () => new Promise<Response>(() => {});

describe("provider connection check (spec: test-email-config)", () => {
  const resend = (api: ReturnType<typeof fakeApi>, timeoutMs?: number) =>
    new ResendProvider({ apiKey: KEY, baseUrl: "https://resend.fake", fetch: api.fetch, timeoutMs }, sender);
  const postmark = (api: ReturnType<typeof fakeApi>, timeoutMs?: number) =>
    new PostmarkProvider({ apiKey: KEY, baseUrl: "https://postmark.fake", fetch: api.fetch, timeoutMs }, sender);

  it("resend: a valid key with the sending domain verified passes, asking GET /domains with the key", async () => {
    const fake = fakeApi(() =>
      json(200, {
        object: "list",
        data: [
          { name: "other.test", status: "verified" },
          { name: "earthkind.test", status: "verified" },
        ],
      }),
    );
    expect(await resend(fake).checkConnection()).toEqual({
      ok: true,
      details: "API key accepted; earthkind.test is verified",
    });
    expect(fake.requests[0]).toMatchObject({ url: "https://resend.fake/domains", method: "GET" });
    expect(fake.requests[0]?.headers.get("Authorization")).toBe(`Bearer ${KEY}`);
  });

  it("resend: an invalid key fails without echoing the key", async () => {
    const fake = fakeApi(() => json(403, { statusCode: 403, name: "invalid_api_key", message: "API key is invalid" }));
    const check = await resend(fake).checkConnection();
    expect(check.ok).toBe(false);
    expect(check.details).toBe("Resend refused the API key (HTTP 403: API key is invalid)");
    expect(check.details).not.toContain(KEY);
  });

  it("resend: an unverified or unknown sending domain fails and says which", async () => {
    const pending = fakeApi(() => json(200, { data: [{ name: "earthkind.test", status: "pending" }] }));
    expect(await resend(pending).checkConnection()).toEqual({
      ok: false,
      details: "API key accepted, but earthkind.test is not verified (status: pending)",
    });
    const missing = fakeApi(() => json(200, { data: [{ name: "other.test", status: "verified" }] }));
    expect(await resend(missing).checkConnection()).toEqual({
      ok: false,
      details: "API key accepted, but earthkind.test is not a domain of this Resend account",
    });
  });

  it("resend: a sending-only key is accepted, with the caveat that the domain was not checked", async () => {
    const fake = fakeApi(() =>
      json(401, {
        statusCode: 401,
        name: "restricted_api_key",
        message: "This API key is restricted to only send emails",
      }),
    );
    const check = await resend(fake).checkConnection();
    expect(check.ok).toBe(true);
    expect(check.details).toMatch(/sending-only key/);
  });

  it("resend and postmark: a provider that does not answer fails after the timeout", async () => {
    const r = await resend(fakeApi(never), 50).checkConnection();
    expect(r).toEqual({ ok: false, details: "Could not reach Resend: timed out after 50 ms" });
    const p = await postmark(fakeApi(never), 50).checkConnection();
    expect(p).toEqual({ ok: false, details: "Could not reach Postmark: timed out after 50 ms" });
  });

  it("postmark: GET /server with the server token; a valid token names the server, an invalid one fails", async () => {
    const ok = fakeApi(() => json(200, { ID: 1, Name: "Earthkind Production" }));
    expect(await postmark(ok).checkConnection()).toEqual({
      ok: true,
      details: 'Server token accepted (server "Earthkind Production")',
    });
    expect(ok.requests[0]).toMatchObject({ url: "https://postmark.fake/server", method: "GET" });
    expect(ok.requests[0]?.headers.get("X-Postmark-Server-Token")).toBe(KEY);

    const bad = fakeApi(() =>
      json(401, {
        ErrorCode: 10,
        Message: "The Server Token you provided in the X-Postmark-Server-Token request header was invalid.",
      }),
    );
    const check = await postmark(bad).checkConnection();
    expect(check.ok).toBe(false);
    expect(check.details).toMatch(/^Postmark refused the server token \(HTTP 401: The Server Token/);
  });

  it("POST /api/admin/email/test-config answers { ok, provider, details } to admins and logs the result", async () => {
    const log = vi.spyOn(console, "log");
    const res = testConfig(await adminHeaders());
    // The local configuration uses the outbox, which has nothing remote to ask.
    expect(await ok(res)).toEqual({
      ok: true,
      provider: "outbox",
      details: "Local outbox: messages are stored for /dev/mailbox, not sent",
    });
    expect(log.mock.calls.some(([line]) => String(line).includes('"event":"mail_provider_check"'))).toBe(true);
    log.mockRestore();
  });

  it("refuses the check to anyone but admins", async () => {
    expect((await testConfig()).status).toBe(401);
    const member = await signIn(await createUser());
    expect((await testConfig(member.headers)).status).toBe(403);
  });
});
