import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { FREE_FAILURES } from "../../worker/features/auth/lockout";
import { hashPassword } from "../../worker/platform/password";
import { cookieHeader, fromIp, latestOutboxMessage, refreshCookieOf, SAME_ORIGIN, uniqueIp } from "./auth-support";
import { adminHeaders, api, config, signIn } from "./helpers";
import { client, errorOf, ok, unchecked } from "./support/client";
import { createUser, uniqueEmail } from "./support/factories";

const PASSWORD = "the current password";
const SCRYPT_TIMEOUT = { timeout: 60_000 };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

async function userWithPassword() {
  const user = await createUser();
  await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
    .bind(await hashPassword(PASSWORD), user.id)
    .run();
  return user;
}

type Headers = Record<string, string>;
const changePassword = (headers: Headers, json: { password: string; current_password?: string }, ip = uniqueIp()) =>
  client.api.me.password.$put({ json }, { headers: { ...headers, ...fromIp(ip) } });
const refresh = (headers: Headers) => client.api.auth.refresh.$post(undefined, { headers });

describe("changing a password needs the current one", SCRYPT_TIMEOUT, () => {
  it("refuses a missing or wrong current password, counting wrong ones as failed attempts", async () => {
    const user = await userWithPassword();
    const { headers } = await signIn(user, { method: "password" });
    const missing = await changePassword(headers, { password: "a new password 1" });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toEqual({
      code: "current_password_required",
      message: "Please enter your current password.",
    });
    const wrong = await changePassword(headers, { password: "a new password 1", current_password: "not it at all" });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toEqual({
      code: "invalid_current_password",
      message: "Your current password is incorrect.",
    });
    const row = await env.DB.prepare("SELECT failures FROM password_throttle WHERE email = ?")
      .bind(user.email)
      .first("failures");
    expect(row).toBe(1);
    // The account still has the old password.
    const signInOld = client.api.auth.password.$post(
      { json: { email: user.email, password: PASSWORD } },
      { headers: fromIp(uniqueIp()) },
    );
    expect((await signInOld).status).toBe(200);
  });

  it("locks after the same number of wrong current passwords as sign-in", async () => {
    const user = await userWithPassword();
    const { headers } = await signIn(user, { method: "password" });
    // The lock is the (email, client) pair's, as for sign-in (decision 192).
    const ip = uniqueIp();
    for (let i = 0; i <= FREE_FAILURES; i++) {
      expect(
        (await changePassword(headers, { password: "a new password 2", current_password: `bad ${i}` }, ip)).status,
      ).toBe(400);
    }
    const locked = await changePassword(headers, { password: "a new password 2", current_password: PASSWORD }, ip);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("changes it with the right current password and emails the owner a way to secure the account", async () => {
    const user = await userWithPassword();
    const { headers } = await signIn(user, { method: "password", at: minutesAgo(12) });
    const res = await changePassword(headers, { password: "a new password 3", current_password: PASSWORD });
    expect(res.status).toBe(200);
    const mail = await latestOutboxMessage(user.email);
    expect(mail?.subject).toBe("Your Earthkind password was changed");
    expect(mail?.text).toContain(new URL("/auth", config().siteOrigin).toString());
    expect(mail?.html).toContain("Secure my account");
  });

  it("lets a fresh magic-link session reset a forgotten password, but not an old one", async () => {
    const user = await userWithPassword();
    const fresh = await signIn(user, { method: "magic_link", at: minutesAgo(2) });
    expect((await changePassword(fresh.headers, { password: "a new password 4" })).status).toBe(200);
    const old = await signIn(user, { method: "magic_link", at: minutesAgo(11) });
    const res = await changePassword(old.headers, { password: "a new password 5" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("current_password_required");
  });
});

describe("setting a first password needs a recent sign-in", SCRYPT_TIMEOUT, () => {
  it("accepts it within 10 minutes of signing in and refuses it after", async () => {
    const user = await createUser();
    const recent = await signIn(user, { at: minutesAgo(9) });
    const stale = await signIn(user, { at: minutesAgo(11) });
    const refused = await changePassword(stale.headers, { password: "first password 1" });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: "reauth_required",
      message: "For your security, please sign in again: a password can be set within 10 minutes of signing in.",
    });
    expect((await changePassword(recent.headers, { password: "first password 1" })).status).toBe(200);
  });

  it("carries auth_time over a refresh, so refreshing does not make a sign-in recent", async () => {
    const user = await createUser();
    const stale = await signIn(user, { at: minutesAgo(11) });
    const { session } = await ok(refresh(cookieHeader(stale.refreshToken)));
    const claims = decodeJwt(session?.access_token ?? "");
    expect(Math.abs((claims.auth_time as number) - Math.floor(Date.now() / 1000 - 11 * 60))).toBeLessThan(5);
    const refused = await changePassword(
      { Authorization: `Bearer ${session?.access_token}` },
      { password: "first password 2" },
    );
    expect(refused.status).toBe(403);
  });
});

describe("absolute session lifetime", () => {
  it("ends a session 30 days after sign-in however recently it was refreshed", async () => {
    const user = await createUser();
    const { refreshToken, sessionId } = await signIn(user);
    await env.DB.prepare("UPDATE sessions SET created_at = ? WHERE id = ?")
      .bind(daysAgo(30.01).toISOString(), sessionId)
      .run();
    const res = await refresh(cookieHeader(refreshToken));
    expect(res.status).toBe(401);
    const row = await env.DB.prepare("SELECT revoked_reason FROM sessions WHERE id = ?").bind(sessionId).first();
    expect(row?.revoked_reason).toBe("session_lifetime");
  });

  it("never issues a refresh token that outlives the session", async () => {
    const user = await createUser();
    const { refreshToken, sessionId } = await signIn(user);
    await env.DB.prepare("UPDATE sessions SET created_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 30 * 86_400_000 + 3_600_000).toISOString(), sessionId)
      .run();
    const res = await refresh(cookieHeader(refreshToken));
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-earthkind_refresh="));
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    const next = refreshCookieOf(res);
    const stored = await env.DB.prepare(
      "SELECT expires_at FROM refresh_tokens WHERE session_id = ? ORDER BY created_at DESC LIMIT 1",
    )
      .bind(sessionId)
      .first<{ expires_at: string }>();
    expect(next).toBeTruthy();
    expect(Date.parse(stored?.expires_at ?? "")).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });
});

describe("refresh and sign-out accept only same-origin requests", () => {
  const refreshWith = async (headers: Record<string, string>) => {
    const { refreshToken } = await signIn(await createUser());
    return refresh({ Cookie: `__Host-earthkind_refresh=${refreshToken}`, ...headers });
  };

  it("accepts Sec-Fetch-Site same-origin or none, or a matching Origin", async () => {
    expect((await refreshWith({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await refreshWith({ "Sec-Fetch-Site": "none" })).status).toBe(200);
    expect((await refreshWith({ Origin: config().siteOrigin })).status).toBe(200);
  });

  it("refuses cross-site, same-site, foreign-origin and unproven requests", async () => {
    const refusals: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" },
      {},
    ];
    for (const headers of refusals) {
      const res = await refreshWith(headers);
      expect(res.status).toBe(403);
    }
    const signOut = (headers: Headers) => client.api.auth["sign-out"].$post(undefined, { headers });
    expect((await signOut({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await signOut(SAME_ORIGIN)).status).toBe(200);
  });
});

describe("Cache-Control: no-store on private answers", () => {
  it("is sent for auth, me, admin and subscription answers, errors included, and not for public ones", async () => {
    const { headers, refreshToken } = await signIn(await createUser());
    const admin = await adminHeaders();
    const privateAnswers = [
      await api("/api/me", { headers }),
      await api("/api/me"),
      await api("/api/auth/refresh", { method: "POST", headers: cookieHeader(refreshToken) }),
      await api("/api/auth/magic-link", { method: "POST", json: { email: "bad" }, headers: fromIp(uniqueIp()) }),
      await api("/api/admin/actions", { headers: admin }),
      await api("/api/admin/actions"),
      await api("/api/subscription?token=unknown-token"),
    ];
    for (const res of privateAnswers) expect(res.headers.get("Cache-Control")).toBe("no-store");
    const publicAnswer = await api("/api/health");
    expect(publicAnswer.headers.get("Cache-Control")).not.toBe("no-store");
  });
});

describe("admin mutations are audited", () => {
  const auditRows = async (adminId: string) => {
    const { results } = await env.DB.prepare(
      // The admin's own second-factor set-up (signIn does it) is audited too, but is not an admin mutation.
      "SELECT action, table_name, new_values FROM security_audit_log WHERE user_id = ? AND action NOT LIKE 'mfa_%' ORDER BY created_at",
    )
      .bind(adminId)
      .all<{ action: string; table_name: string | null; new_values: string }>();
    return results.map((r) => ({ ...r, new_values: JSON.parse(r.new_values) as Record<string, unknown> }));
  };

  it("writes exactly one row per successful mutation with the admin and the target, none for reads or refusals", async () => {
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin);
    const actions = client.api.admin.actions;
    expect((await actions.$get({ query: {} }, { headers })).status).toBe(200);
    expect((await actions.$post({ json: unchecked({}) }, { headers })).status).toBe(400);
    expect(await auditRows(admin.id)).toEqual([]);

    expect((await client.api.admin.security.cleanup.$post(undefined, { headers })).status).toBe(200);
    expect((await actions[":id"].$delete({ param: { id: crypto.randomUUID() } }, { headers })).status).toBe(404);
    const rows = await auditRows(admin.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "security_cleanup",
      new_values: { method: "POST", path: "/api/admin/security/cleanup", admin_email: admin.email, status: 200 },
    });
  });

  it("records the created target for creates", async () => {
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const form = new FormData();
    form.set("file", new File([png], "tiny.png", { type: "image/png" }));
    const res = await api("/api/admin/media", { method: "POST", body: form, headers });
    expect(res.status).toBe(201);
    const { key } = (await res.json()) as { key: string };
    const rows = await auditRows(admin.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "admin_mutation",
      table_name: "media",
      new_values: { path: "/api/admin/media", target: { key } },
    });
  });

  it("audits a profile created directly with the admin role (the role trigger covers INSERT)", async () => {
    const email = uniqueEmail("direct-admin");
    const userId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, email) VALUES (?, ?)").bind(userId, email),
      env.DB.prepare(
        "INSERT INTO profiles (id, user_id, email, role, role_changed_by) VALUES (?, ?, ?, 'admin', 'console')",
      ).bind(crypto.randomUUID(), userId, email),
    ]);
    const row = await env.DB.prepare("SELECT old_role, new_role, changed_by FROM profile_audit_log WHERE user_id = ?")
      .bind(userId)
      .first();
    expect(row).toEqual({ old_role: null, new_role: "admin", changed_by: "console" });
    const user = await createUser();
    const none = await env.DB.prepare("SELECT count(*) AS n FROM profile_audit_log WHERE user_id = ?")
      .bind(user.id)
      .first("n");
    expect(none).toBe(0);
  });
});
