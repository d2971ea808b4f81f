import { env } from "cloudflare:workers";
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { refreshCookieOf, SAME_ORIGIN, uniqueIp } from "./auth-support";
import { api, enrolTotp } from "./helpers";
import { createUser, uniqueEmail } from "./support/factories";

type Row = Record<string, unknown>;
const all = async (query: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...params)
      .all<Row>()
  ).results;

/**
 * An invitation stored as `npm run admin:invite` stores it (scripts/admin-invite.mjs: the SHA-256 of a random
 * 32-byte token, base64url); returns the token its link carries.
 */
async function invite(email: string, { expiresInHours = 24 } = {}) {
  const token = randomBytes(32).toString("base64url");
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO admin_invitations (id, email, token_hash, created_by, expires_at) VALUES (?, ?, ?, 'admin:invite', ?)",
  )
    .bind(
      id,
      email,
      createHash("sha256").update(token).digest("hex"),
      new Date(Date.now() + expiresInHours * 3_600_000).toISOString(),
    )
    .run();
  return { id, token };
}

const accept = (token: string, ip = uniqueIp()) =>
  api("/api/admin-invitations/accept", {
    method: "POST",
    headers: { ...SAME_ORIGIN, "CF-Connecting-IP": ip },
    json: { token },
  });

const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("admin invitations (issue 44, decision 235)", () => {
  it("opening the link's page changes nothing: only the page's POST spends it", async () => {
    const email = uniqueEmail("invitee");
    const { id, token } = await invite(email);
    // The browser never sends the fragment; a GET of the page with the token in its query spends nothing either.
    for (const path of [`/auth/admin-invitation`, `/auth/admin-invitation?token=${token}`]) {
      const page = await api(path);
      expect(page.status, path).toBe(200);
    }
    expect(await all("SELECT used_at FROM admin_invitations WHERE id = ?", id)).toEqual([{ used_at: null }]);
    expect(await all("SELECT id FROM users WHERE email = ?", email)).toEqual([]);
  });

  it("signs a new person in as an admin, once, and audits it", async () => {
    const email = uniqueEmail("first-admin");
    const { id, token } = await invite(email);
    const res = await accept(token);
    expect(res.status).toBe(200);
    const { session } = (await res.json()) as { session: { access_token: string; user: { email: string } } };
    expect(session.user.email).toBe(email);
    expect(refreshCookieOf(res)).toBeTruthy();

    const [profile] = await all(
      "SELECT p.role, p.role_changed_by, u.id FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = ?",
      email,
    );
    expect(profile).toMatchObject({ role: "admin", role_changed_by: `admin-invitation:${id}` });
    const [invitation] = await all("SELECT used_at, user_id FROM admin_invitations WHERE id = ?", id);
    expect(invitation?.used_at).toBeTruthy();
    expect(invitation?.user_id).toBe(profile?.id);
    const audit = await all(
      "SELECT user_id, new_values FROM security_audit_log WHERE action = 'admin_invitation_accepted' AND user_id = ?",
      profile?.id,
    );
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0]?.new_values))).toEqual({ invitation_id: id, email });
    expect(await all("SELECT new_role FROM profile_audit_log WHERE user_id = ?", profile?.id)).toEqual([
      { new_role: "admin" },
    ]);

    const again = await accept(token);
    expect(again.status).toBe(400);
    expect(await errorCode(again)).toBe("invitation_used");
  });

  it("needs a second factor before any admin route, and the new session may set one up", async () => {
    const { token } = await invite(uniqueEmail("new-admin"));
    const { session } = (await (await accept(token)).json()) as { session: { access_token: string } };
    const headers = { Authorization: `Bearer ${session.access_token}` };
    const before = await api("/api/admin/status", { headers });
    expect(before.status).toBe(403);
    expect(await errorCode(before)).toBe("mfa_required");
    const { accessToken } = await enrolTotp(session.access_token);
    expect((await api("/api/admin/status", { headers: { Authorization: `Bearer ${accessToken}` } })).status).toBe(200);
  });

  it("makes an existing member an admin without a second account", async () => {
    const member = await createUser({ email: uniqueEmail("member") });
    const { token } = await invite(member.email);
    const res = await accept(token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { session: { user: { id: string } } }).session.user.id).toBe(member.id);
    expect(await all("SELECT role FROM profiles WHERE user_id = ?", member.id)).toEqual([{ role: "admin" }]);
  });

  it("refuses an expired or unknown invitation and a missing token, changing nothing", async () => {
    const email = uniqueEmail("late");
    const { token } = await invite(email, { expiresInHours: -1 });
    const expired = await accept(token);
    expect(expired.status).toBe(400);
    expect(await errorCode(expired)).toBe("invitation_expired");
    expect(await all("SELECT id FROM users WHERE email = ?", email)).toEqual([]);

    const unknown = await accept(randomBytes(32).toString("base64url"));
    expect(await errorCode(unknown)).toBe("invitation_invalid");
    expect((await accept("")).status).toBe(400);
  });

  it("lets only one of two racing clicks spend it", async () => {
    const email = uniqueEmail("race");
    const { token } = await invite(email);
    const results = await Promise.all([accept(token), accept(token), accept(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(
      await all("SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?", email),
    ).toEqual([{ n: 1 }]);
  });

  it("answers 503 configuration_error, spending nothing, while JWT_SECRET is unusable", async () => {
    const { id, token } = await invite(uniqueEmail("misconfigured"));
    const res = await createApp().fetch(
      new Request("http://localhost/api/admin-invitations/accept", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...SAME_ORIGIN },
        body: JSON.stringify({ token }),
      }),
      { ...env, JWT_SECRET: "too-short" },
    );
    expect(res.status).toBe(503);
    expect(await all("SELECT used_at FROM admin_invitations WHERE id = ?", id)).toEqual([{ used_at: null }]);
  });
});
