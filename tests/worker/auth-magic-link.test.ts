import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  freshMinute,
  fromIp,
  latestOutboxMessage,
  refreshCookieOf,
  requestLinkToken,
  tokenFromLink,
  uniqueIp,
} from "./auth-support";
import { api } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createUser, uniqueEmail } from "./support/factories";

const auth = client.api.auth;
const verify = (token: string, ip = uniqueIp()) => auth.verify.$post({ json: { token } }, { headers: fromIp(ip) });
const requestLink = (json: { email: string; redirect_to?: string }, ip = uniqueIp()) =>
  auth["magic-link"].$post({ json }, { headers: fromIp(ip) });

describe("magic-link sign-in", () => {
  it("emails a link whose token signs in, creates the account and profile, and audits the success", async () => {
    const email = uniqueEmail("magic");
    const ip = uniqueIp();
    const res = await requestLink({ email: `  ${email.toUpperCase()} `, redirect_to: "/actions/some-action" }, ip);
    expect(res.status).toBe(200);

    const message = await latestOutboxMessage(email);
    expect(message?.subject).toMatch(/sign-in link/i);
    expect(message?.text).toContain("http://localhost:8787/auth/verify?token=");
    expect(message?.html).toContain("/auth/verify?token=");
    const token = tokenFromLink(message?.text ?? "");

    // Only the hash is stored.
    const stored = await env.DB.prepare("SELECT token_hash FROM magic_link_tokens WHERE email = ?").bind(email).first();
    expect(stored?.token_hash).not.toBe(token);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first("n")).toBe(0);

    const verified = await verify(token, ip);
    const body = await ok(verified);
    expect(body.redirect_to).toBe("/actions/some-action");
    expect(body.session).toMatchObject({ token_type: "bearer", expires_in: 900, user: { email } });
    expect(body.session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(refreshCookieOf(verified)).toBeTruthy();
    const cookie = verified.headers.getSetCookie().join(";");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);

    const me = client.api.me.$get(undefined, { headers: { Authorization: `Bearer ${body.session.access_token}` } });
    expect(await ok(me)).toMatchObject({
      user: { id: body.session.user.id, email, has_password: false },
      profile: { role: "user" },
    });

    const audit = await env.DB.prepare(
      "SELECT user_id, ip_address, new_values FROM security_audit_log WHERE action = 'auth_success' AND user_id = ?",
    )
      .bind(body.session.user.id)
      .first<{ user_id: string; ip_address: string; new_values: string }>();
    expect(audit?.ip_address).toBe(ip);
    const values = JSON.parse(audit?.new_values ?? "{}");
    expect(values.method).toBe("magic_link");
    expect(new Date(values.timestamp).toISOString()).toBe(values.timestamp);
  });

  it("answers the same for known and unknown emails", async () => {
    const known = (await createUser()).email;
    const unknown = uniqueEmail("unknown");
    const answers = [];
    for (const email of [known, unknown]) {
      const res = await requestLink({ email });
      answers.push({ status: res.status, body: await res.json() });
      expect(await latestOutboxMessage(email)).toBeTruthy();
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(200);
    // The unknown address gets an account only when its link is used.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(unknown).first("n")).toBe(0);
  });

  it("refuses a used token and an expired one with clear messages", async () => {
    const email = uniqueEmail("reuse");
    const token = await requestLinkToken(email);
    expect((await verify(token)).status).toBe(200);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toEqual({
      code: "link_used",
      message: "This sign-in link has already been used. Please request a new one.",
    });

    const other = uniqueEmail("expired");
    const expired = await requestLinkToken(other);
    await env.DB.prepare("UPDATE magic_link_tokens SET expires_at = ? WHERE email = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), other)
      .run();
    const res = await verify(expired);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      code: "link_expired",
      message: "This sign-in link has expired. Please request a new one.",
    });

    const bogus = await verify("not-a-real-token");
    expect(bogus.status).toBe(400);
    expect((await errorOf(bogus)).code).toBe("link_invalid");
  });

  it("expires links after 10 minutes", async () => {
    const email = uniqueEmail("ttl");
    await requestLinkToken(email);
    const row = await env.DB.prepare("SELECT created_at, expires_at FROM magic_link_tokens WHERE email = ?")
      .bind(email)
      .first<{ created_at: string; expires_at: string }>();
    expect(Date.parse(row?.expires_at ?? "") - Date.parse(row?.created_at ?? "")).toBe(10 * 60_000);
  });

  it("lets two racing verifies of one token produce exactly one session", async () => {
    const token = await requestLinkToken(uniqueEmail("race"));
    const results = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it("does not verify on GET, so mail scanners cannot use a link up", async () => {
    const token = await requestLinkToken(uniqueEmail("scanner"));
    const get = await api(`/api/auth/verify?token=${token}`);
    expect(get.status).toBe(404);
    // The page the link opens is rendered by the Worker (decision 212), never cached, and opening it does nothing
    // with the token: it asks for a click, and only the button's POST spends it (decision 215).
    const page = await api(`/auth/verify?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toMatch(/<div id="root" data-islands="">[\s\S]*Sign in as sc\*\*\*@example\.com/);
    expect((await verify(token)).status).toBe(200);
  });

  it("validates the email and refuses redirects to other origins", async () => {
    const bad = await requestLink({ email: "nope" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Please enter a valid email address.");
    for (const redirect_to of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/\tx",
    ]) {
      expect((await requestLink({ email: uniqueEmail("redir"), redirect_to })).status, redirect_to).toBe(400);
    }
  });
});

describe("magic-link throttling", () => {
  it("allows one email per address per minute, with Retry-After and a clear message", async () => {
    const email = uniqueEmail("throttle");
    await requestLinkToken(email);
    const res = await requestLink({ email });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const error = await errorOf(res);
    expect(error.code).toBe("rate_limited");
    expect(error.message).toMatch(
      /^A sign-in link was just sent to this email\. Please wait (\d+ seconds?|1 minute) before requesting another\.$/,
    );
    // Only one message went out.
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM outbox_messages WHERE "to" = ?').bind(email).first("n"),
    ).toBe(1);
  });

  it("allows at most 5 per address per hour, counted exactly in D1", async () => {
    const email = uniqueEmail("hourly");
    // Four earlier requests this hour, each more than a minute ago.
    for (let i = 0; i < 4; i++) {
      const at = new Date(Date.now() - (50 - i * 10) * 60_000).toISOString();
      await env.DB.prepare(
        "INSERT INTO magic_link_tokens (id, email, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      )
        .bind(crypto.randomUUID(), email, crypto.randomUUID(), at, at)
        .run();
    }
    await requestLinkToken(email);
    await env.DB.prepare("UPDATE magic_link_tokens SET created_at = ? WHERE email = ? AND created_at > ?")
      .bind(new Date(Date.now() - 5 * 60_000).toISOString(), email, new Date(Date.now() - 60_000).toISOString())
      .run();
    const res = await requestLink({ email });
    expect(res.status).toBe(429);
    // The oldest of the five was 50 minutes ago, so the window reopens in about 10 minutes.
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect((await errorOf(res)).message).toMatch(
      /Too many sign-in links were requested for this email\. Please try again in 10 minutes\./,
    );
  });

  it("limits requests per IP across addresses with the rate-limiting binding", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    await freshMinute();
    for (let i = 0; i < 21; i++) {
      statuses.push((await requestLink({ email: uniqueEmail("ip") }, ip)).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
