import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { proveSecondFactor } from "../../worker/features/auth/mfa/session-factor";
import type { AuthUser } from "../../worker/platform/hono";
import { cookieHeader } from "./auth-support";
import { api, config, db, enrolTotp, signIn, totpCode } from "./helpers";
import { createUser } from "./support/factories";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const prove = (token: string, code: string) =>
  api("/api/auth/mfa/totp", { method: "POST", headers: bearer(token), json: { code } });
const adminRead = (token: string) => api("/api/admin/actions", { headers: bearer(token) });

async function adminWithoutFactor(at = new Date()) {
  const admin = await createUser({ role: "admin" });
  return { admin, signedIn: await signIn(admin, { secondFactor: false, at }) };
}

describe("admin work needs a second factor", () => {
  it("answers 403 mfa_required to an admin session without one, and lets it in after a code", async () => {
    const { signedIn } = await adminWithoutFactor();
    const refused = await adminRead(signedIn.session.access_token);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe("mfa_required");

    const { accessToken, secret } = await enrolTotp(signedIn.session.access_token);
    expect(decodeJwt(accessToken)).toMatchObject({ amr: ["magic_link", "otp"] });
    expect((await adminRead(accessToken)).status).toBe(200);
    // Stored sealed: the database does not hold the secret as typed into the app.
    const row = await env.DB.prepare("SELECT secret_enc FROM totp_factors WHERE secret_enc LIKE 'v1.%'").first();
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it("keeps the second factor across a refresh (it is the session's, not the token's)", async () => {
    const { signedIn } = await adminWithoutFactor();
    await enrolTotp(signedIn.session.access_token);
    const res = await api("/api/auth/refresh", { method: "POST", headers: cookieHeader(signedIn.refreshToken) });
    const { session } = (await res.json()) as { session: { access_token: string } };
    expect((await adminRead(session.access_token)).status).toBe(200);
  });

  it("refuses a wrong code, a code used twice, and proof without an app", async () => {
    const { signedIn } = await adminWithoutFactor();
    const token = signedIn.session.access_token;
    const none = await prove(token, "123456");
    expect(none.status).toBe(409);
    expect(await errorCode(none)).toBe("mfa_not_enrolled");

    const { secret, code } = await enrolTotp(token);
    // The confirmation spent its code: the same code cannot prove again.
    const replay = await prove(token, code);
    expect(replay.status).toBe(400);
    expect(await errorCode(replay)).toBe("invalid_code");
    const wrong = await prove(token, totpCode(secret, Date.now() - 10 * 60_000));
    expect(wrong.status).toBe(400);
    const next = await prove(token, totpCode(secret, Date.now() + 30_000));
    expect(next.status).toBe(200);
  });

  it("accepts each recovery code once", async () => {
    const { signedIn } = await adminWithoutFactor();
    const { recoveryCodes } = await enrolTotp(signedIn.session.access_token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const first = await prove(signedIn.session.access_token, recoveryCodes[0]?.toUpperCase() ?? "");
    expect(first.status).toBe(200);
    const { session } = (await first.json()) as { session: { access_token: string } };
    expect(decodeJwt(session.access_token)).toMatchObject({ amr: ["magic_link", "recovery_code"] });
    expect((await prove(signedIn.session.access_token, recoveryCodes[0] ?? "")).status).toBe(400);
    const status = await api("/api/auth/mfa", { headers: bearer(session.access_token) });
    expect(await status.json()).toMatchObject({ totp: "confirmed", recovery_codes_left: 9 });
  });

  it("limits code attempts per account: the sixth in 15 minutes is refused", async () => {
    const { signedIn } = await adminWithoutFactor();
    await enrolTotp(signedIn.session.access_token); // one attempt (the confirmation)
    for (let i = 0; i < 4; i++) expect((await prove(signedIn.session.access_token, "000000")).status).toBe(400);
    const limited = await prove(signedIn.session.access_token, "000000");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
  });

  it("lets a first app be set up only soon after signing in", async () => {
    const { signedIn } = await adminWithoutFactor(minutesAgo(11));
    const res = await api("/api/auth/mfa/totp/enroll", { method: "POST", headers: signedIn.headers });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe("reauth_required");
  });

  it("lets a confirmed app be replaced only with a recent second factor", async () => {
    const { signedIn } = await adminWithoutFactor();
    await enrolTotp(signedIn.session.access_token);
    const again = await api("/api/auth/mfa/totp/enroll", { method: "POST", headers: signedIn.headers });
    expect(again.status).toBe(403);
    // The session never proved the app it holds (decision 213); after 10 minutes it would be reauth_required.
    expect(await errorCode(again)).toBe("mfa_required");
  });
});

describe("sensitive operations need a proof from the last 10 minutes", () => {
  /** An admin whose sign-in and second factor are both 11 minutes old (the clock backdated, as signIn's `at`). */
  async function staleAdmin() {
    const { admin, signedIn } = await adminWithoutFactor(minutesAgo(11));
    const user: AuthUser = {
      id: admin.id,
      email: admin.email,
      role: "admin",
      sessionId: signedIn.sessionId,
      authTime: Math.floor(minutesAgo(11).getTime() / 1000),
      authMethod: "magic_link",
      mfaTime: 0,
      mfaMethod: null,
    };
    const session = await proveSecondFactor(db(), config(), user, "otp", minutesAgo(11));
    return { admin, token: session.access_token };
  }

  it("refuses the export, whole addresses and the whole-list send with reauth_required, not other admin reads", async () => {
    const { token } = await staleAdmin();
    for (const [method, path] of [
      ["POST", "/api/admin/subscribers/exports"],
      ["GET", "/api/admin/subscribers?full_emails=1"],
    ] as const) {
      const res = await api(path, { method, headers: bearer(token), json: method === "POST" ? {} : undefined });
      expect(res.status, path).toBe(403);
      expect(await errorCode(res)).toBe("reauth_required");
    }
    const detail = await api(`/api/admin/subscribers/${crypto.randomUUID()}`, { headers: bearer(token) });
    expect(detail.status).toBe(403);
    const send = await api("/api/admin/email/weekly-send", { method: "POST", headers: bearer(token), json: {} });
    expect(send.status).toBe(403);
    expect(await errorCode(send)).toBe("reauth_required");
    expect((await api("/api/admin/subscribers", { headers: bearer(token) })).status).toBe(200);
  });

  it("accepts them again after a fresh second factor", async () => {
    const { signedIn } = await adminWithoutFactor();
    const { secret } = await enrolTotp(signedIn.session.access_token);
    const res = await prove(signedIn.session.access_token, totpCode(secret, Date.now() + 30_000));
    const { session } = (await res.json()) as { session: { access_token: string } };
    const started = await api("/api/admin/subscribers/exports", {
      method: "POST",
      headers: bearer(session.access_token),
      json: {},
    });
    expect(started.status).toBe(202);
  });

  it("asks a member for a recent sign-in before the data export and account deletion", async () => {
    const user = await createUser();
    const stale = await signIn(user, { at: minutesAgo(11) });
    const exported = await api("/api/me/exports", { method: "POST", headers: stale.headers, json: {} });
    expect(exported.status).toBe(403);
    expect(await errorCode(exported)).toBe("reauth_required");
    const deleted = await api("/api/me", {
      method: "DELETE",
      headers: stale.headers,
      json: { confirm_email: user.email },
    });
    expect(deleted.status).toBe(403);
    const fresh = await signIn(user);
    expect((await api("/api/me/exports", { method: "POST", headers: fresh.headers, json: {} })).status).toBe(202);
  });
});
