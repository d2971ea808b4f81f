import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deletedUserRef } from "../../worker/features/auth/account-deletion";
import { sha256Hex } from "../../worker/platform/crypto";
import { hashPassword } from "../../worker/platform/password";
import { fromIp, requestLinkToken, uniqueIp } from "./auth-support";
import { signIn } from "./helpers";
import { client, unchecked } from "./support/client";
import { createUser, uniqueEmail } from "./support/factories";

// Each account change is one D1 batch (decision 191): a trigger made for the test fails its SECOND
// statement, and nothing of the batch may remain, not even the first statement's write.
const SCRYPT_TIMEOUT = { timeout: 30_000 };

async function withFailingTrigger(name: string, definition: string, run: () => Promise<void>) {
  await env.DB.prepare(`CREATE TRIGGER ${name} ${definition} BEGIN SELECT RAISE(ABORT, 'test: fails here'); END`).run();
  try {
    await run();
  } finally {
    await env.DB.prepare(`DROP TRIGGER IF EXISTS ${name}`).run();
  }
}

const count = (query: string, ...binds: unknown[]) =>
  env.DB.prepare(query)
    .bind(...binds)
    .first<number>("n");

describe("atomic account changes", SCRYPT_TIMEOUT, () => {
  it("magic-link verify: a failed account insert leaves the link unused, no account and no session", async () => {
    const email = uniqueEmail("atomic-link");
    const token = await requestLinkToken(email);
    const verify = () => client.api.auth.verify.$post({ json: { token } }, { headers: fromIp(uniqueIp()) });
    await withFailingTrigger("fail_link_user", `BEFORE INSERT ON users WHEN NEW.email = '${email}'`, async () => {
      expect((await verify()).status).toBe(500);
    });
    const link = await env.DB.prepare("SELECT used_at, session_id FROM magic_link_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(token))
      .first<{ used_at: string | null; session_id: string | null }>();
    expect(link).toEqual({ used_at: null, session_id: null });
    expect(await count("SELECT count(*) AS n FROM users WHERE email = ?", email)).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM security_audit_log WHERE action = 'auth_success' AND json_extract(new_values, '$.email') = ?",
        email,
      ),
    ).toBe(0);
    // The link still works once the fault is gone.
    expect((await verify()).status).toBe(200);
    expect(
      await count("SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?", email),
    ).toBe(1);
  });

  it("password change: failing to end the other sessions leaves the old password and every session", async () => {
    const user = await createUser();
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
      .bind(await hashPassword("the old password 1"), user.id)
      .run();
    const before = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(user.id)
      .first("password_hash");
    const other = await signIn(user);
    const { headers } = await signIn(user, { method: "password" });
    await withFailingTrigger(
      "fail_password_sessions",
      `BEFORE UPDATE OF revoked_at ON sessions WHEN OLD.user_id = '${user.id}'`,
      async () => {
        const res = await client.api.me.password.$put(
          { json: { password: "a brand new password 2", current_password: "the old password 1" } },
          { headers: { ...headers, ...fromIp(uniqueIp()) } },
        );
        expect(res.status).toBe(500);
      },
    );
    expect(
      await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(user.id).first("password_hash"),
    ).toBe(before);
    expect(
      await env.DB.prepare("SELECT revoked_at FROM sessions WHERE id = ?").bind(other.sessionId).first("revoked_at"),
    ).toBe(null);
    expect(
      await count(
        "SELECT count(*) AS n FROM security_audit_log WHERE action = 'password_changed' AND user_id = ?",
        user.id,
      ),
    ).toBe(0);
  });

  it("account deletion: a failed second statement leaves the profile, the account and its sessions", async () => {
    const user = await createUser();
    const { headers, sessionId } = await signIn(user);
    const ref = await deletedUserRef(user.id);
    await withFailingTrigger(
      "fail_deletion_audit",
      `BEFORE INSERT ON security_audit_log WHEN NEW.user_id = '${ref}'`,
      async () => {
        const res = await client.api.me.$delete({ json: { confirm_email: unchecked(user.email) } }, { headers });
        expect(res.status).toBe(500);
      },
    );
    expect(await count("SELECT count(*) AS n FROM profiles WHERE user_id = ?", user.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", user.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM sessions WHERE id = ? AND revoked_at IS NULL", sessionId)).toBe(1);
    // Without the fault the same request deletes it.
    expect((await client.api.me.$delete({ json: { confirm_email: unchecked(user.email) } }, { headers })).status).toBe(
      200,
    );
    expect(await count("SELECT count(*) AS n FROM users WHERE id = ?", user.id)).toBe(0);
  });
});
