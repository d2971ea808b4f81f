import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EMAIL_ATTEMPTS, FREE_FAILURES } from "../../worker/features/auth/lockout";
import { hashPassword } from "../../worker/platform/password";
import { blockKey, limitPerClient } from "../../worker/platform/rate-limit";
import { clientSubject } from "../../worker/platform/request";
import { fillClientWindow, freshMinute, fromIp, requestLinkToken, uniqueIp } from "./auth-support";
import { api } from "./helpers";
import { createUser, uniqueEmail } from "./support/factories";

// Parallel bursts against the limits: each must hold exactly, not "about", because the count is
// reserved before any request does its work (decision 065).
const BURST_TIMEOUT = { timeout: 60_000 };

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** Password failures that were evaluated (hashed and found wrong), not refused by a limit. */
const evaluatedFailures = (email: string) =>
  env.DB.prepare(
    "SELECT count(*) AS n FROM security_audit_log WHERE action = 'auth_failure' AND json_extract(new_values, '$.email') = ? AND json_extract(new_values, '$.reason') = 'Invalid email or password'",
  )
    .bind(email)
    .first("n");

/** Waits until a fixed window of `seconds` has at least 20 s left, so a burst is counted in one window. */
async function freshWindow(seconds: number) {
  const left = seconds * 1000 - (Date.now() % (seconds * 1000));
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function userWithPassword(password: string) {
  const user = await createUser();
  await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
    .bind(await hashPassword(password), user.id)
    .run();
  return user;
}

describe("bursts", BURST_TIMEOUT, () => {
  it("parallel wrong passwords from one client: exactly the allowed attempts are evaluated, the rest 429", {
    timeout: 120_000,
  }, async () => {
    const user = await userWithPassword("the real password 1");
    const ip = uniqueIp();
    await freshMinute();
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        api("/api/auth/password", {
          method: "POST",
          json: { email: user.email, password: `wrong guess ${i}` },
          headers: fromIp(ip),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    // The free failures plus the one that starts the lock are evaluated (401); nothing else is.
    expect(countOf(statuses, 401)).toBe(FREE_FAILURES + 1);
    expect(countOf(statuses, 429)).toBe(15 - FREE_FAILURES - 1);
    expect(await evaluatedFailures(user.email)).toBe(FREE_FAILURES + 1);
    const row = await env.DB.prepare(
      "SELECT failures, locked_until FROM password_throttle WHERE email = ? AND client = ?",
    )
      .bind(user.email, ip)
      .first<{ failures: number; locked_until: string }>();
    expect(row?.failures).toBe(FREE_FAILURES + 1);
    expect(Date.parse(row?.locked_until ?? "")).toBeGreaterThan(Date.now());

    // Even the right password is refused from that client while it is locked…
    const right = () =>
      api("/api/auth/password", {
        method: "POST",
        json: { email: user.email, password: "the real password 1" },
        headers: fromIp(ip),
      });
    const locked = await right();
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // …but not from the owner's own client (decision 192).
    const own = await api("/api/auth/password", {
      method: "POST",
      json: { email: user.email, password: "the real password 1" },
      headers: fromIp(uniqueIp()),
    });
    expect(own.status).toBe(200);
  });

  it("parallel wrong passwords from many clients: the per-email limit slows them, magic links still sign in", {
    timeout: 120_000,
  }, async () => {
    const user = await userWithPassword("the real password 3");
    await freshWindow(EMAIL_ATTEMPTS.windowSeconds);
    const responses = await Promise.all(
      Array.from({ length: EMAIL_ATTEMPTS.limit + 10 }, (_, i) =>
        api("/api/auth/password", {
          method: "POST",
          json: { email: user.email, password: `wrong guess ${i}` },
          headers: fromIp(uniqueIp()),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(countOf(statuses, 401)).toBe(EMAIL_ATTEMPTS.limit);
    expect(countOf(statuses, 429)).toBe(10);
    expect(await evaluatedFailures(user.email)).toBe(EMAIL_ATTEMPTS.limit);
    const slowed = responses.find((r) => r.status === 429) ?? new Response("{}");
    expect(((await slowed.json()) as { error?: { message: string } }).error?.message).toMatch(
      /^Too many sign-in attempts for this account\. Please try again in .+, or sign in with a magic link\.$/,
    );
    // The password lockout never blocks a sign-in link.
    const token = await requestLinkToken(user.email);
    expect(
      (await api("/api/auth/verify", { method: "POST", json: { token }, headers: fromIp(uniqueIp()) })).status,
    ).toBe(200);
  });

  it("caches an active lock in KV, so later attempts are refused without D1", async () => {
    const user = await userWithPassword("the real password 2");
    const ip = uniqueIp();
    for (let i = 0; i <= FREE_FAILURES + 1; i++) {
      await api("/api/auth/password", {
        method: "POST",
        json: { email: user.email, password: `wrong ${i}` },
        headers: fromIp(ip),
      });
    }
    const cached = await env.KV.get(await blockKey("password", `${user.email}|${ip}`));
    expect(Number(cached?.split("|")[0])).toBeGreaterThan(Date.now());
    // With the D1 row gone, only the KV cache can still refuse.
    await env.DB.prepare("DELETE FROM password_throttle WHERE email = ?").bind(user.email).run();
    const res = await api("/api/auth/password", {
      method: "POST",
      json: { email: user.email, password: "the real password 2" },
      headers: fromIp(ip),
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in .+, or sign in with a magic link\.$/,
    );
    const row = await env.DB.prepare("SELECT count(*) AS n FROM password_throttle WHERE email = ?")
      .bind(user.email)
      .first("n");
    expect(row).toBe(0);
  });

  it("parallel signups from one IP: exactly the per-minute allowance gets through", async () => {
    const ip = uniqueIp();
    await freshMinute();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        api("/api/subscribers", {
          method: "POST",
          json: { first_name: "Burst", email: uniqueEmail("burst") },
          headers: fromIp(ip),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(countOf(statuses, 201)).toBe(5);
    expect(countOf(statuses, 429)).toBe(7);
  });

  it("parallel magic-link requests for one address send exactly one email", async () => {
    const email = uniqueEmail("burst-link");
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        api("/api/auth/magic-link", { method: "POST", json: { email }, headers: fromIp(uniqueIp()) }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(countOf(statuses, 200)).toBe(1);
    expect(countOf(statuses, 429)).toBe(9);
    const sent = await env.DB.prepare('SELECT count(*) AS n FROM outbox_messages WHERE "to" = ?')
      .bind(email)
      .first("n");
    expect(sent).toBe(1);
    // The block is cached at the edge with its expiry.
    const cached = await env.KV.get(await blockKey("magic-link", email));
    expect(Number(cached?.split("|")[0])).toBeGreaterThan(Date.now());
  });

  it("parallel magic-link requests from one IP for many addresses stop at the per-IP limit", async () => {
    const ip = uniqueIp();
    await freshMinute();
    const emails = Array.from({ length: 25 }, () => uniqueEmail("burst-ip"));
    const responses = await Promise.all(
      emails.map((email) => api("/api/auth/magic-link", { method: "POST", json: { email }, headers: fromIp(ip) })),
    );
    const statuses = responses.map((r) => r.status);
    expect(countOf(statuses, 200)).toBe(20);
    expect(countOf(statuses, 429)).toBe(5);
    const { results } = await env.DB.prepare(
      `SELECT count(*) AS n FROM outbox_messages WHERE "to" IN (${emails.map(() => "?").join(",")})`,
    )
      .bind(...emails)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(20);
  });

  it("checks the per-IP limit before reading the body", async () => {
    const ip = uniqueIp();
    await fillClientWindow(env.RATE_LIMIT_AUTH, `auth:password:${ip}`, 20);
    const res = await api("/api/auth/password", {
      method: "POST",
      body: "{not json",
      headers: { ...fromIp(ip), "Content-Type": "application/json" },
    });
    expect(res.status).toBe(429);
  });

  it("keys IPv6 clients by their /64", async () => {
    expect(clientSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    await fillClientWindow(env.RATE_LIMIT_AUTH, `auth:password:${prefix}::/64`, 20);
    const res = await api("/api/auth/password", {
      method: "POST",
      json: { email: uniqueEmail("v6"), password: "whatever it is" },
      headers: fromIp(`${prefix}:dead:beef:1:2`),
    });
    expect(res.status).toBe(429);
  });

  it("fails closed for auth when the limiter errors, open for forms", async () => {
    const broken = { limit: () => Promise.reject(new Error("limiter down")) } as unknown as RateLimit;
    await expect(limitPerClient(broken, "auth:password", "10.0.0.1", { failClosed: true })).rejects.toMatchObject({
      status: 503,
      code: "limiter_unavailable",
    });
    await expect(limitPerClient(broken, "signup", "10.0.0.1", { failClosed: false })).resolves.toEqual({ ok: true });
  });
});
