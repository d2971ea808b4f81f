import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { testClient } from "hono/testing";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { RETENTION_DAYS } from "../../worker/features/security/cleanup";
import { configFindings } from "../../worker/features/security/scan-config";
import { DAILY_CRON, runScheduled } from "../../worker/jobs/scheduled";
import { fromIp, uniqueIp } from "./auth-support";
import { adminHeaders, config, signIn } from "./helpers";
import { client, ok } from "./support/client";
import { createUser, uniqueEmail } from "./support/factories";

const security = client.api.admin.security;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe("security logs", () => {
  it("shows sign-in failures, role changes and sensitive access, and audits its own read", async () => {
    const failedEmail = uniqueEmail("failed");
    await client.api.auth.password.$post(
      { json: { email: failedEmail, password: "nope nope nope" } },
      { headers: fromIp(uniqueIp()) },
    );
    const promoted = await createUser({ role: "admin" });
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin);

    const logs = () => ok(security.logs.$get(undefined, { headers }));
    const body = await logs();
    expect(body.auth_failures.length).toBeLessThanOrEqual(10);
    expect(body.auth_failures.map((f) => f.new_values?.email)).toContain(failedEmail);
    expect(body.logs.length).toBeLessThanOrEqual(50);
    expect(body.role_changes.length).toBeLessThanOrEqual(20);
    expect(body.role_changes).toContainEqual(
      expect.objectContaining({
        user_id: promoted.id,
        user_email: promoted.email,
        changed_by: "test",
        old_role: "user",
        new_role: "admin",
      }),
    );
    expect(body.summary.auth_failures_24h).toBeGreaterThanOrEqual(1);

    // Reading the logs is itself a sensitive access, already counted in the answer and in admin activity.
    expect(body.sensitive_access).toContainEqual(
      expect.objectContaining({ action: "sensitive_data_access", user_id: admin.id }),
    );
    expect(body.summary.sensitive_access_7d).toBeGreaterThanOrEqual(1);
    await logs();
    const { activity } = await ok(security["admin-activity"].$get(undefined, { headers }));
    expect(activity).toContainEqual(
      expect.objectContaining({ admin_user_id: admin.id, admin_email: admin.email, recent_sensitive_access_count: 2 }),
    );
  });

  it("counts admin activity over 7 days only", async () => {
    const admin = await createUser({ role: "admin" });
    const insert = env.DB.prepare(
      "INSERT INTO security_audit_log (id, user_id, action, created_at) VALUES (?, ?, 'organizer_email_access', ?)",
    );
    await env.DB.batch([
      insert.bind(crypto.randomUUID(), admin.id, daysAgo(1)),
      insert.bind(crypto.randomUUID(), admin.id, daysAgo(6)),
      insert.bind(crypto.randomUUID(), admin.id, daysAgo(8)),
    ]);
    const { activity } = await ok(security["admin-activity"].$get(undefined, { headers: await adminHeaders() }));
    expect(activity.find((a) => a.admin_user_id === admin.id)?.recent_sensitive_access_count).toBe(2);
  });
});

describe("security scan", () => {
  it("reports a missing mail secret for a remote provider", async () => {
    const remote = { ...env, MAIL_PROVIDER: "resend", MAIL_API_KEY: "" };
    const admin = await signIn(await createUser({ role: "admin" }));
    // The same app with other bindings: a deployment configured for Resend without its key.
    const withRemote = testClient(createApp(), remote, createExecutionContext());
    const { findings } = await ok(withRemote.api.admin.security.scan.$post(undefined, { headers: admin.headers }));
    expect(findings).toContainEqual(
      expect.objectContaining({
        id: "mail-api-key-missing",
        severity: "high",
        category: "secrets",
        remediation: expect.any(String),
      }),
    );
  });

  it("checks the deployment: JWT secret, magic-link expiry, development mode, https", () => {
    const base = config();
    const ids = (overrides: Partial<typeof base>) => configFindings({ ...base, ...overrides }).map((f) => f.id);
    expect(ids({ JWT_SECRET: undefined })).toContain("jwt-secret-missing");
    expect(ids({ JWT_SECRET: "short" })).toContain("jwt-secret-short");
    expect(ids({ JWT_SECRET: "change-me-change-me-change-me-change-me" })).toContain("jwt-secret-weak");
    expect(ids({ JWT_SECRET: "9f2c4e7a1b8d3f6c0e5a2d9b7c4f1e8a3d6b0c9f2e5a8d1b4c7f0e3a6d9b2c5f" })).not.toEqual(
      expect.arrayContaining(["jwt-secret-missing", "jwt-secret-short", "jwt-secret-weak"]),
    );
    expect(ids({ MAGIC_LINK_TTL_MINUTES: 60 })).toContain("magic-link-expiry-long");
    expect(ids({ MAGIC_LINK_TTL_MINUTES: 10 })).not.toContain("magic-link-expiry-long");
    expect(ids({ ENVIRONMENT: "development", SITE_URL: "https://earthkind.example" })).toContain(
      "development-mode-public",
    );
    expect(ids({ ENVIRONMENT: "development", SITE_URL: "http://localhost:8787" })).not.toContain(
      "development-mode-public",
    );
    expect(ids({ ENVIRONMENT: "production", SITE_URL: "http://earthkind.example" })).toContain("site-url-not-https");
    expect(ids({ ENVIRONMENT: "production", MAIL_PROVIDER: "outbox" })).toContain("mail-outbox-in-production");
  });

  it("checks the data: admins without passwords, and probes public routes for profile emails", async () => {
    const admin = await createUser({ role: "admin" });
    const body = await ok(security.scan.$post(undefined, { headers: (await signIn(admin)).headers }));
    const noPassword = body.findings.find((f) => f.id === "admins-without-password");
    expect(noPassword?.description).toContain(admin.email);
    expect(body.probed_routes).toContain("/api/me");
    expect(body.findings).toContainEqual(
      expect.objectContaining({ id: "profile-emails-protected", severity: "info", affected_table: "profiles" }),
    );
    // Most severe first.
    const order = ["critical", "high", "medium", "low", "info"];
    const ranks = body.findings.map((f) => order.indexOf(f.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

describe("clean old data", () => {
  it(`deletes audit rows and processed event submissions older than ${RETENTION_DAYS} days and returns the count`, async () => {
    const old = daysAgo(RETENTION_DAYS + 1);
    const recent = daysAgo(RETENTION_DAYS - 1);
    const marker = crypto.randomUUID();
    const audit = env.DB.prepare(
      "INSERT INTO security_audit_log (id, action, table_name, created_at) VALUES (?, 'test_old', ?, ?)",
    );
    const submission = env.DB.prepare(
      `INSERT INTO event_submissions (id, title, category, start_time, city, state, organizer_name, organizer_email, registration_url, status, reviewed_at, created_at)
       VALUES (?, ?, 'cleanup', '2020-01-01T10:00:00Z', 'Portland', 'OR', 'Org', 'org@example.com', 'https://example.com', ?, ?, ?)`,
    );
    await env.DB.batch([
      audit.bind(crypto.randomUUID(), marker, old),
      audit.bind(crypto.randomUUID(), marker, recent),
      submission.bind(crypto.randomUUID(), marker, "approved", old, old),
      submission.bind(crypto.randomUUID(), marker, "rejected", null, old),
      submission.bind(crypto.randomUUID(), marker, "pending", null, old),
      submission.bind(crypto.randomUUID(), marker, "approved", recent, old),
    ]);
    const body = await ok(security.cleanup.$post(undefined, { headers: await adminHeaders() }));
    expect(body.audit_logs).toBeGreaterThanOrEqual(1);
    expect(body.event_submissions).toBeGreaterThanOrEqual(2);
    expect(body.count).toBe(body.audit_logs + body.event_submissions);

    const left = await env.DB.prepare("SELECT count(*) AS n FROM security_audit_log WHERE table_name = ?")
      .bind(marker)
      .first("n");
    expect(left).toBe(1);
    const { results } = await env.DB.prepare("SELECT status FROM event_submissions WHERE title = ? ORDER BY status")
      .bind(marker)
      .all();
    // The pending one and the one reviewed recently stay.
    expect(results).toEqual([{ status: "approved" }, { status: "pending" }]);
  });
});

describe("daily clean-up", () => {
  it("removes old audit rows, stale password counters, dead sign-in tokens and expired pending signups", async () => {
    const marker = crypto.randomUUID();
    const email = uniqueEmail("stale");
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO security_audit_log (id, action, table_name, created_at) VALUES (?, 'test_old', ?, ?)",
      ).bind(crypto.randomUUID(), marker, daysAgo(RETENTION_DAYS + 2)),
      env.DB.prepare(
        "INSERT INTO password_throttle (email, client, failures, updated_at) VALUES (?, '203.0.113.9', 3, ?)",
      ).bind(email, daysAgo(2)),
      env.DB.prepare(
        "INSERT INTO magic_link_tokens (id, email, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      ).bind(crypto.randomUUID(), email, marker, daysAgo(3), daysAgo(3)),
      // A signup never confirmed in its 7 days (decision 182).
      env.DB.prepare(
        "INSERT INTO subscribers (id, email, first_name, manage_token_hash, active, subscribed_at) VALUES (?, ?, 'Robin', ?, 0, ?)",
      ).bind(crypto.randomUUID(), email, marker, daysAgo(8)),
    ]);
    await runScheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: Date.now() }), env);
    const left = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM security_audit_log WHERE table_name = ?1)
            + (SELECT count(*) FROM password_throttle WHERE email = ?2)
            + (SELECT count(*) FROM magic_link_tokens WHERE token_hash = ?1)
            + (SELECT count(*) FROM subscribers WHERE email = ?2) AS n`,
    )
      .bind(marker, email)
      .first("n");
    expect(left).toBe(0);
  });
});
