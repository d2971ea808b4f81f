import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_IDLE_DAYS } from "../../worker/features/auth/sessions";
import { signAccessToken } from "../../worker/platform/access-token";
import { sha256Hex } from "../../worker/platform/crypto";
import { cookieHeader, refreshCookieOf, SAME_ORIGIN } from "./auth-support";
import { config, signIn } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createUser } from "./support/factories";

type Headers = Record<string, string>;
const refresh = (token?: string, headers: Headers = {}) =>
  client.api.auth.refresh.$post(undefined, {
    headers: { ...(token ? cookieHeader(token) : SAME_ORIGIN), ...headers },
  });
const signOut = (headers: Headers) => client.api.auth["sign-out"].$post(undefined, { headers });
const me = (headers?: Headers) => client.api.me.$get(undefined, { headers });
const bearer = (token: string | undefined) => ({ Authorization: `Bearer ${token}` });

describe("refresh tokens", () => {
  it("rotates on every refresh: a new cookie and access token, the old token marked used", async () => {
    const user = await createUser();
    const first = await signIn(user);
    const res = await refresh(first.refreshToken);
    const body = await ok(res);
    expect(body.session?.user.id).toBe(user.id);
    const next = refreshCookieOf(res);
    expect(next).toBeTruthy();
    expect(next).not.toBe(first.refreshToken);
    const old = await env.DB.prepare("SELECT used_at FROM refresh_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(first.refreshToken))
      .first<{ used_at: string | null }>();
    expect(old?.used_at).toBeTruthy();
    expect((await me(bearer(body.session?.access_token))).status).toBe(200);
    // The new token refreshes again.
    expect((await refresh(next ?? "")).status).toBe(200);
  });

  it("answers a parallel tab re-presenting the token within the grace window with the same successor", async () => {
    const { refreshToken, sessionId } = await signIn(await createUser());
    const [a, b] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The family does not fork (decision 191): one successor, stored once, and it refreshes on.
    const successor = refreshCookieOf(a);
    expect(successor).toBeTruthy();
    expect(refreshCookieOf(b)).toBe(successor);
    const later = await refresh(refreshToken);
    expect(refreshCookieOf(later)).toBe(successor);
    const tokens = await env.DB.prepare("SELECT count(*) AS n FROM refresh_tokens WHERE session_id = ?")
      .bind(sessionId)
      .first("n");
    expect(tokens).toBe(2);
    expect((await refresh(successor ?? "")).status).toBe(200);
  });

  it("ends a session idle for 14 days at its next refresh", async () => {
    const { refreshToken, sessionId } = await signIn(await createUser());
    await env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - (SESSION_IDLE_DAYS * 86_400_000 + 60_000)).toISOString(), sessionId)
      .run();
    expect((await refresh(refreshToken)).status).toBe(401);
    const row = await env.DB.prepare("SELECT revoked_reason FROM sessions WHERE id = ?")
      .bind(sessionId)
      .first("revoked_reason");
    expect(row).toBe("idle");
  });

  it("records the last use at most every few minutes, and the browser and device", async () => {
    const { refreshToken, sessionId } = await signIn(await createUser());
    const old = new Date(Date.now() - 3_600_000).toISOString();
    await env.DB.prepare("UPDATE sessions SET last_used_at = ? WHERE id = ?").bind(old, sessionId).run();
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0";
    const next = refreshCookieOf(await refresh(refreshToken, { "User-Agent": firefox })) ?? "";
    const after = await env.DB.prepare("SELECT last_used_at, browser FROM sessions WHERE id = ?")
      .bind(sessionId)
      .first<{ last_used_at: string; browser: string }>();
    expect(Date.parse(after?.last_used_at ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(after?.browser).toBe("Firefox on Linux");
    // A refresh moments later writes nothing.
    await refresh(next);
    const again = await env.DB.prepare("SELECT last_used_at FROM sessions WHERE id = ?")
      .bind(sessionId)
      .first("last_used_at");
    expect(again).toBe(after?.last_used_at);
  });

  it("revokes the whole family when a used token is presented after the grace window", async () => {
    const user = await createUser();
    const { refreshToken, sessionId } = await signIn(user);
    const rotated = await refresh(refreshToken);
    const latest = refreshCookieOf(rotated) ?? "";
    const accessToken = (await ok(rotated)).session?.access_token;
    await env.DB.prepare("UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ?")
      .bind(new Date(Date.now() - 11_000).toISOString(), await sha256Hex(refreshToken))
      .run();

    const replay = await refresh(refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.headers.getSetCookie().join(";")).toMatch(/__Host-earthkind_refresh=;/);
    const session = await env.DB.prepare("SELECT revoked_at, revoked_reason FROM sessions WHERE id = ?")
      .bind(sessionId)
      .first<{ revoked_at: string | null; revoked_reason: string }>();
    expect(session?.revoked_at).toBeTruthy();
    expect(session?.revoked_reason).toBe("refresh_token_reuse");
    // Every token of the family is dead, including the legitimate newest one and its access token.
    expect((await refresh(latest)).status).toBe(401);
    expect((await me(bearer(accessToken))).status).toBe(401);
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM security_audit_log WHERE action = 'refresh_token_reuse' AND user_id = ?",
    )
      .bind(user.id)
      .first("n");
    expect(audit).toBe(1);
  });

  it("answers a visitor without a cookie with no session (not an error)", async () => {
    expect(await ok(refresh())).toEqual({ session: null });
  });

  it("refuses unknown and expired refresh tokens", async () => {
    expect((await refresh("made-up-token")).status).toBe(401);
    const { refreshToken } = await signIn(await createUser());
    await env.DB.prepare("UPDATE refresh_tokens SET expires_at = ? WHERE token_hash = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), await sha256Hex(refreshToken))
      .run();
    expect((await refresh(refreshToken)).status).toBe(401);
  });

  it("refuses cross-site refresh requests", async () => {
    const { refreshToken } = await signIn(await createUser());
    expect((await refresh(refreshToken, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await refresh(refreshToken, { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });
});

describe("sign-out", () => {
  it("revokes the session at once: the access token and refresh token stop working, the cookie is cleared", async () => {
    const user = await createUser();
    const { headers, refreshToken } = await signIn(user);
    expect((await me(headers)).status).toBe(200);
    const res = await signOut({ ...headers, ...cookieHeader(refreshToken) });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(";")).toMatch(/__Host-earthkind_refresh=;.*Max-Age=0/i);
    const ended = await me(headers);
    expect(ended.status).toBe(401);
    expect((await errorOf(ended)).message).toBe("Your session has ended. Please sign in again.");
    expect((await refresh(refreshToken)).status).toBe(401);
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM security_audit_log WHERE action = 'sign_out' AND user_id = ?",
    )
      .bind(user.id)
      .first("n");
    expect(audit).toBe(1);
  });

  it("works with only the cookie (an expired access token) and when already signed out", async () => {
    const { headers, refreshToken } = await signIn(await createUser());
    expect((await signOut(cookieHeader(refreshToken))).status).toBe(200);
    expect((await me(headers)).status).toBe(401);
    expect((await signOut(SAME_ORIGIN)).status).toBe(200);
  });
});

describe("access tokens", () => {
  it("refuses expired, forged and malformed tokens", async () => {
    const user = await createUser();
    const { sessionId } = await signIn(user);
    const claims = {
      sub: user.id,
      role: user.role,
      sid: sessionId,
      email: user.email,
      authTime: Math.floor(Date.now() / 1000),
      authMethod: "magic_link" as const,
    };
    const expired = await signAccessToken(config(), claims, new Date(Date.now() - 16 * 60_000));
    const forged = await signAccessToken(
      { ...config(), JWT_SECRET: "another-secret-that-is-long-enough-0123456789" },
      claims,
    );
    for (const token of [expired.token, forged.token, "not.a.jwt"]) {
      expect((await me(bearer(token))).status).toBe(401);
    }
  });

  it("reads the role fresh, so a demoted admin loses admin access at once", async () => {
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin);
    const activity = () => client.api.admin.security["admin-activity"].$get(undefined, { headers });
    expect((await activity()).status).toBe(200);
    await env.DB.prepare("UPDATE profiles SET role = 'user' WHERE user_id = ?").bind(admin.id).run();
    expect((await activity()).status).toBe(403);
  });
});
