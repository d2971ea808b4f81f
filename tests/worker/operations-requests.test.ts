import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app";
import { runScheduled } from "../../worker/jobs/scheduled";
import { adminHeaders, api, memberHeaders } from "./helpers";
import { client, ok } from "./support/client";

afterEach(() => vi.restoreAllMocks());

/** The JSON log lines written while `fn` runs (console.log and console.error). */
async function captureLogs<T>(fn: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const keep = (...args: unknown[]) => {
    if (typeof args[0] !== "string") return;
    try {
      lines.push(JSON.parse(args[0]));
    } catch {
      // Not a structured line.
    }
  };
  vi.spyOn(console, "log").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  const result = await fn();
  vi.restoreAllMocks();
  return { result, lines };
}

describe("X-Request-Id and the request log", () => {
  it("a successful response carries an id, and its log line has route, status and duration", async () => {
    const { result: res, lines } = await captureLogs(() => api("/api/health"));
    expect(res.status).toBe(200);
    const id = res.headers.get("X-Request-Id");
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(lines).toContainEqual({
      type: "request",
      method: "GET",
      route: "/api/health",
      status: 200,
      duration_ms: expect.any(Number),
      request_id: id,
      user: null,
    });
  });

  it("uses Cloudflare's Ray ID when there is one, not a client's X-Request-Id", async () => {
    const ray = await api("/api/health", { headers: { "cf-ray": "8f1c2d3e4a5b6c7d-LAX" } });
    expect(ray.headers.get("X-Request-Id")).toBe("8f1c2d3e4a5b6c7d-LAX");
    const spoofed = await api("/api/health", { headers: { "X-Request-Id": "chosen-by-client" } });
    expect(spoofed.headers.get("X-Request-Id")).not.toBe("chosen-by-client");
  });

  it("logs the route pattern (not the path) and a hash of the signed-in user, never the email", async () => {
    const headers = await memberHeaders();
    const { result: res, lines } = await captureLogs(() => api("/api/actions/no-such-action", { headers }));
    const line = lines.find((l) => l.request_id === res.headers.get("X-Request-Id"));
    expect(line).toMatchObject({ type: "request", status: 404, route: "/api/actions/:slug" });
    expect(line?.user).toBeNull(); // public route: no auth middleware ran
    const admin = await adminHeaders();
    const { result: adminRes, lines: adminLines } = await captureLogs(() =>
      api("/api/admin/alerts", { headers: admin }),
    );
    const adminLine = adminLines.find((l) => l.request_id === adminRes.headers.get("X-Request-Id"));
    expect(adminLine).toMatchObject({
      route: "/api/admin/alerts",
      status: 200,
      user: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(JSON.stringify(adminLines)).not.toMatch(/@example\.com|Bearer/);
  });

  it("a 404 carries an id and is logged with no route", async () => {
    const { result: res, lines } = await captureLogs(() => api("/api/no-such-thing"));
    expect(res.status).toBe(404);
    const id = res.headers.get("X-Request-Id");
    expect(id).toBeTruthy();
    expect(lines).toContainEqual(
      expect.objectContaining({ type: "request", status: 404, route: null, request_id: id }),
    );
  });

  it("a 500 names its request id as the reference, in the body, the header and the log", async () => {
    // A deployment whose SITE_URL is broken fails every request.
    const broken = { ...env, SITE_URL: "not a url" };
    const { result: res, lines } = await captureLogs(async () =>
      createApp().fetch(
        new Request("http://localhost/api/actions", { headers: { "cf-ray": "abc123-SJC" } }),
        broken,
        createExecutionContext(),
      ),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get("X-Request-Id")).toBe("abc123-SJC");
    expect(await res.json()).toEqual({
      error: {
        code: "internal_error",
        message: "Something went wrong. Please try again in a moment. (reference abc123-SJC)",
      },
    });
    expect(lines).toContainEqual(expect.objectContaining({ type: "error", request_id: "abc123-SJC" }));
    expect(lines).toContainEqual(expect.objectContaining({ type: "request", status: 500, request_id: "abc123-SJC" }));
  });

  it("pages and assets answered by the SPA carry an id too", async () => {
    const res = await api("/about");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
  });
});

describe("job logs", () => {
  it("a cron tick logs one line per job with its counts, duration and outcome", async () => {
    const { lines } = await captureLogs(() =>
      runScheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env),
    );
    const jobs = lines.filter((l) => l.type === "job").map((l) => l.job);
    expect(jobs).toEqual([
      "weekly-sends",
      "stalled-fanouts",
      "event-reminders",
      "daily-ingestion",
      "check-overdue-sends",
      "check-campaigns",
      "manage-token-backfill",
      "restart-stalled-exports",
      "delete-expired-exports",
      "check-error-rate",
    ]);
    expect(lines.find((l) => l.job === "weekly-sends")).toEqual({
      type: "job",
      job: "weekly-sends",
      outcome: "ok",
      duration_ms: expect.any(Number),
      counts: { started: 0 },
    });
  });
});

describe("GET /api/admin/status and /api/health", () => {
  it("is for admins only", async () => {
    expect((await client.api.admin.status.$get()).status).toBe(401);
    expect((await client.api.admin.status.$get(undefined, { headers: await memberHeaders() })).status).toBe(403);
  });

  it("shows the build, the last cron tick, the backlog and every source", async () => {
    const at = Date.now();
    await runScheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
    const status = await ok(client.api.admin.status.$get(undefined, { headers: await adminHeaders() }));
    expect(status.build).toMatchObject({ version: "0.1.0", commit: expect.any(String) });
    expect(status.cron).toMatchObject({ last_tick_at: new Date(at).toISOString(), outcome: "ok" });
    expect(status.backlog).toEqual({
      active_campaigns: expect.any(Number),
      pending_deliveries: expect.any(Number),
      running_ingestion: expect.any(Number),
    });
    expect(status.sources.length).toBe(15);
    expect(status.sources[0]).toMatchObject({ key: expect.any(String), name: expect.any(String) });
    expect(Array.isArray(status.alerts)).toBe(true);
  });

  it("health adds the build version and nothing internal", async () => {
    expect(await ok(client.api.health.$get())).toEqual({ status: "ok", database: "ok", version: "0.1.0" });
  });
});
