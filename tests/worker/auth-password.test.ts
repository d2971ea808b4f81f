import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { lockSecondsAfter } from "../../worker/features/auth/lockout";
import { hashPassword, verifyPassword } from "../../worker/platform/password";
import { blockKey } from "../../worker/platform/rate-limit";
import { fillClientWindow, fromIp, refreshCookieOf, uniqueIp } from "./auth-support";
import { signIn } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { createUser, uniqueEmail } from "./support/factories";

const PASSWORD = "correct horse battery";
/** RATE_LIMIT_AUTH's threshold in wrangler.toml. */
const AUTH_IP_LIMIT = 20;
// Each password check is a real scrypt (~32 MiB, 100+ ms; several times that on a busy 2-core machine).
const SCRYPT_TIMEOUT = { timeout: 30_000 };

async function userWithPassword(password = PASSWORD) {
  const user = await createUser();
  await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
    .bind(await hashPassword(password), user.id)
    .run();
  return user;
}

const signInWith = (email: string, password: string, ip = uniqueIp()) =>
  client.api.auth.password.$post({ json: { email, password } }, { headers: fromIp(ip) });
const me = (headers?: Record<string, string>) => client.api.me.$get(undefined, { headers });
const setPassword = (json: { password: string; current_password?: string }, headers?: Record<string, string>) =>
  client.api.me.password.$put({ json }, { headers });

async function auditRows(action: string, email: string) {
  const { results } = await env.DB.prepare(
    "SELECT user_id, ip_address, table_name, new_values FROM security_audit_log WHERE action = ? AND json_extract(new_values, '$.email') = ? ORDER BY created_at",
  )
    .bind(action, email)
    .all<{ user_id: string | null; ip_address: string | null; table_name: string; new_values: string }>();
  return results.map((r) => ({ ...r, new_values: JSON.parse(r.new_values) as Record<string, string> }));
}

describe("password hashing", SCRYPT_TIMEOUT, () => {
  it("stores scrypt with its parameters and a per-hash salt, and verifies in constant time", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("other password", a)).toBe(false);
    expect(await verifyPassword("same password", "garbage")).toBe(false);
    // A tampered cost parameter cannot make verification run away.
    expect(await verifyPassword("same password", a.replace("$32768$", "$1073741824$"))).toBe(false);
  });
});

describe("password sign-in", SCRYPT_TIMEOUT, () => {
  it("signs in with the right password and audits the success with the client IP", async () => {
    const user = await userWithPassword();
    const ip = uniqueIp();
    const res = await signInWith(user.email.toUpperCase(), PASSWORD, ip);
    const body = await ok(res);
    expect(body.session.user.email).toBe(user.email);
    expect(refreshCookieOf(res)).toBeTruthy();
    const profile = await ok(me({ Authorization: `Bearer ${body.session.access_token}` }));
    expect(profile.user.has_password).toBe(true);

    const [row] = await auditRows("auth_success", user.email);
    expect(row).toMatchObject({ user_id: user.id, ip_address: ip, new_values: { method: "password" } });
    expect(new Date(row?.new_values.timestamp ?? "").toISOString()).toBe(row?.new_values.timestamp);
  });

  it("answers a wrong password and an unknown email identically, and audits both failures", async () => {
    const user = await userWithPassword();
    const unknown = uniqueEmail("nobody");
    const ip = uniqueIp();
    const wrong = await signInWith(user.email, "wrong password!", ip);
    const missing = await signInWith(unknown, "wrong password!", ip);
    const magicOnly = await signInWith((await createUser()).email, "wrong password!", ip);
    for (const res of [wrong, missing, magicOnly]) {
      expect(res.status).toBe(401);
      expect(await errorOf(res)).toEqual({ code: "invalid_credentials", message: "Invalid email or password" });
      expect(refreshCookieOf(res)).toBeNull();
    }
    for (const email of [user.email, unknown]) {
      const [row] = await auditRows("auth_failure", email);
      expect(row).toMatchObject({
        user_id: null,
        ip_address: ip,
        new_values: { email, reason: "Invalid email or password" },
      });
      expect(new Date(row?.new_values.timestamp ?? "").toISOString()).toBe(row?.new_values.timestamp);
    }
  });

  it("requires a password with the spec's message", async () => {
    const res = await signInWith(uniqueEmail(), "");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe("Please enter your password.");
  });

  // Eight scrypt checks: more than the describe's budget on a loaded machine.
  it("backs off per (email, client): locked after 5 failures, with Retry-After, even for the right password", {
    timeout: 90_000,
  }, async () => {
    const user = await userWithPassword();
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await signInWith(user.email, `wrong-${i}-password`, ip)).status).toBe(401);
    // The fifth failure still answers "invalid" but starts a one-minute lock.
    expect((await signInWith(user.email, "wrong-5-password", ip)).status).toBe(401);
    const locked = await signInWith(user.email, PASSWORD, ip);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await errorOf(locked)).message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in (\d+ seconds|1 minute), or sign in with a magic link\.$/,
    );

    // The lock is that client's only: the owner signs in from their own client (decision 192).
    expect((await signInWith(user.email, PASSWORD, uniqueIp())).status).toBe(200);

    // Once the lock has passed (in D1, and in the KV cache of the block), the right password works
    // from the locked client too and clears its counter.
    await env.DB.prepare("UPDATE password_throttle SET locked_until = ? WHERE email = ? AND client = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.email, ip)
      .run();
    await env.KV.delete(await blockKey("password", `${user.email}|${ip}`));
    expect((await signInWith(user.email, PASSWORD, ip)).status).toBe(200);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM password_throttle WHERE email = ?").bind(user.email).first("n"),
    ).toBe(0);
  });

  it("doubles the lock with each further failure, up to an hour", () => {
    expect([1, 4, 5, 6, 7, 10, 11, 20].map(lockSecondsAfter)).toEqual([0, 0, 60, 120, 240, 1920, 3600, 3600]);
  });

  it("limits password attempts per IP with the rate-limiting binding", async () => {
    const ip = uniqueIp();
    // Use up the window the way earlier requests would (each real attempt costs a scrypt).
    await fillClientWindow(env.RATE_LIMIT_AUTH, `auth:password:${ip}`, AUTH_IP_LIMIT - 1);
    expect((await signInWith(uniqueEmail("ipw"), "some password", ip)).status).toBe(401);
    const res = await signInWith(uniqueEmail("ipw"), "some password", ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await errorOf(res)).message).toMatch(/^Too many attempts\. Please wait/);
  });
});

describe("PUT /api/me/password", SCRYPT_TIMEOUT, () => {
  it("sets a password for a magic-link user, who can then sign in with it", async () => {
    const user = await createUser();
    const { headers } = await signIn(user);
    expect((await ok(setPassword({ password: "a brand new secret" }, headers))).user.has_password).toBe(true);
    expect((await signInWith(user.email, "a brand new secret")).status).toBe(200);
    const { results } = await env.DB.prepare(
      "SELECT action FROM security_audit_log WHERE user_id = ? AND action LIKE 'password_%'",
    )
      .bind(user.id)
      .all();
    expect(results).toEqual([{ action: "password_set" }]);
  });

  it("enforces the rules: at least 10 characters and not the email", async () => {
    const user = await createUser();
    const { headers } = await signIn(user);
    const short = await setPassword({ password: "short" }, headers);
    expect(short.status).toBe(400);
    expect((await errorOf(short)).message).toBe("Password must be at least 10 characters.");
    const same = await setPassword({ password: user.email.toUpperCase() }, headers);
    expect(same.status).toBe(400);
    expect((await errorOf(same)).message).toBe("Password must not be the same as your email address.");
  });

  it("changing the password ends the user's other sessions but keeps this one", async () => {
    const user = await userWithPassword();
    const current = await signIn(user);
    const other = await signIn(user);
    await ok(setPassword({ password: "changed password 2", current_password: PASSWORD }, current.headers));
    expect((await me(current.headers)).status).toBe(200);
    expect((await me(other.headers)).status).toBe(401);
    expect((await signInWith(user.email, PASSWORD)).status).toBe(401);
  });

  it("requires sign-in", async () => {
    expect((await setPassword({ password: "whatever long" })).status).toBe(401);
    expect((await me()).status).toBe(401);
  });
});
