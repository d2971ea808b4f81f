import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { api } from "./helpers";
import { createUser } from "./support/factories";

describe("foundation", () => {
  it("health checks the database", async () => {
    const res = await api("/api/health");
    expect(res.status).toBe(200);
    // The build version is part of the answer (issue 17), nothing else.
    expect(await res.json()).toEqual({ status: "ok", database: "ok", version: expect.any(String) });
  });

  it("answers unknown API paths with a 404 JSON error", async () => {
    const res = await api("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });

  it("serves the SPA with 200 for known routes and 404 for unknown paths", async () => {
    for (const path of ["/", "/about", "/actions/preview/some-id", "/admin/actions/abc/edit", "/unsubscribe"]) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="root"');
    }
    const missing = await api("/no/such/page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root"');
  });

  it("sets security headers on pages and API responses", async () => {
    for (const path of ["/", "/api/health"]) {
      const res = await api(path);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("records role changes in profile_audit_log through the database trigger", async () => {
    const user = await createUser({ role: "admin" });
    const rows = await env.DB.prepare(
      "SELECT user_id, changed_by, old_role, new_role FROM profile_audit_log WHERE user_id = ?",
    )
      .bind(user.id)
      .all();
    expect(rows.results).toEqual([{ user_id: user.id, changed_by: "test", old_role: "user", new_role: "admin" }]);

    // An update that leaves the role unchanged is not a role change.
    await env.DB.prepare("UPDATE profiles SET role = 'admin' WHERE user_id = ?").bind(user.id).run();
    const after = await env.DB.prepare("SELECT count(*) AS n FROM profile_audit_log WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(after?.n).toBe(1);
  });

  it("keeps the local mailbox development-only", async () => {
    // wrangler.toml's ENVIRONMENT is "development" for local use and tests.
    const res = await api("/dev/mailbox/messages");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ messages: expect.any(Array) });

    const production = { ...env, ENVIRONMENT: "production" };
    for (const path of ["/dev/mailbox", "/dev/mailbox/messages"]) {
      const res = await createApp().fetch(new Request(`http://localhost${path}`), production);
      expect(res.status, path).toBe(404);
    }
  });
});
