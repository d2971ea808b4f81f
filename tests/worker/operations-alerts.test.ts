import { createExecutionContext, createMessageBatch, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alerts, ingestionRuns, outboxMessages } from "../../db/schema";
import { createApp } from "../../worker/app";
import { weeklySendDueAt } from "../../worker/features/email/schedule";
import { consumeIngestBatch, type IngestMessage } from "../../worker/features/ingestion/jobs";
import { raiseAlert } from "../../worker/features/operations/alerts";
import { ingestHooks } from "../../worker/jobs/queue";
import { runScheduled } from "../../worker/jobs/scheduled";
import { ResendProvider } from "../../worker/platform/mail/resend";
import { campaignRow, fakeApi, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { adminHeaders, config, db, memberHeaders } from "./helpers";
import { client, errorOf, ok, unchecked } from "./support/client";
import { createAction, createCampaign, createSubscriber } from "./support/factories";

const tick = (at: Date | number, bindings: typeof env = env) =>
  runScheduled(createScheduledController({ scheduledTime: new Date(at), cron: "*/5 * * * *" }), bindings);

const alertsOf = (kind: string, subject: string) =>
  db()
    .select()
    .from(alerts)
    .where(and(eq(alerts.kind, kind), eq(alerts.subject, subject)));

const alertEmails = (alertId: string) =>
  db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.idempotencyKey, `alert:${alertId}`));

afterEach(() => vi.restoreAllMocks());

describe("raiseAlert", () => {
  it("keeps one row per kind, subject and day, counts repeats and emails REPLY_TO once", async () => {
    const at = new Date("2031-01-06T18:00:00Z");
    const deps = { db: db(), config: config(), now: () => at };
    const first = await raiseAlert(deps, { kind: "error_rate", subject: "dedup-test", details: "first" });
    const again = await raiseAlert(deps, { kind: "error_rate", subject: "dedup-test", details: "second" });
    expect(first).toMatchObject({ count: 1, emailed: true });
    expect(again).toMatchObject({ id: first?.id, count: 2, emailed: false });
    const other = await raiseAlert(deps, { kind: "error_rate", subject: "dedup-test-2", details: "x" });
    expect(other?.id).not.toBe(first?.id);

    const [row, ...more] = await alertsOf("error_rate", "dedup-test");
    expect(more).toEqual([]);
    expect(row).toMatchObject({ count: 2, details: "second", day: "2031-01-06", acknowledgedAt: null });
    const emails = await alertEmails(row?.id ?? "");
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: "team@earthkind.local", subject: "[Earthkind alert] Many server errors" });
    expect(emails[0]?.text).toContain("first");

    // The next site day is a new alert, emailed again.
    const nextDay = await raiseAlert(
      { ...deps, now: () => new Date("2031-01-07T18:00:00Z") },
      { kind: "error_rate", subject: "dedup-test", details: "next day" },
    );
    expect(nextDay).toMatchObject({ count: 1, emailed: true });
    expect(nextDay?.id).not.toBe(first?.id);
  });

  it("sends to ALERT_EMAIL when set, and escapes what it quotes", async () => {
    const deps = { db: db(), config: { ...config(), ALERT_EMAIL: "ops@earthkind.test" } };
    const raised = await raiseAlert(deps, {
      kind: "source_empty",
      subject: "escape-test",
      details: "<script>alert(1)</script>",
    });
    const [email] = await alertEmails(raised?.id ?? "");
    expect(email?.to).toBe("ops@earthkind.test");
    expect(email?.html).toContain("&lt;script&gt;");
    expect(email?.html).not.toContain("<script>");
  });
});

describe("alert triggers", () => {
  it("a weekly send still not started 30 minutes after it was due (the queue refused it)", async () => {
    const action = await createAction({ startDate: "2031-03-03", endDate: "2031-03-09", scheduleSend: true });
    const due = weeklySendDueAt("2031-03-03", "America/Los_Angeles").getTime();
    // The queue binding fails, so the cron cannot open the campaign (it retries every tick).
    const broken = {
      ...env,
      EMAIL_QUEUE: {
        send: async () => {
          throw new Error("queue unavailable");
        },
        sendBatch: async () => {
          throw new Error("queue unavailable");
        },
      },
    } as unknown as typeof env;
    await tick(due + 10 * 60_000, broken);
    expect(await alertsOf("weekly_send_overdue", action.id)).toEqual([]);
    await tick(due + 35 * 60_000, broken);
    const [alert] = await alertsOf("weekly_send_overdue", action.id);
    expect(alert?.details).toContain(action.title);
    expect(await alertEmails(alert?.id ?? "")).toHaveLength(1);
    await tick(due + 40 * 60_000, broken);
    expect((await alertsOf("weekly_send_overdue", action.id))[0]?.count).toBe(2);
  });

  it("a send that ends with more than 1 % failed recipients (the provider rejects the key)", async () => {
    const action = await createAction();
    const subs = await Promise.all([1, 2, 3, 4].map(() => createSubscriber()));
    const campaign = await createCampaign(
      action.id,
      subs.map((s) => s.id),
    );
    // The mail provider's API, faked at the HTTP boundary, answers as it does for a revoked key.
    const api = fakeApi(() => Response.json({ message: "API key is invalid" }, { status: 403 }));
    const provider = new ResendProvider(
      { apiKey: "re_revoked", baseUrl: "https://resend.fake", fetch: api.fetch },
      { fromEmail: "hello@earthkind.test", fromName: "Earthkind" },
    );
    await runConsumer(
      [
        weeklyJob(
          campaign.id,
          subs.map((s) => s.id),
        ),
      ],
      testDeps({ provider }),
    );
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "completed", failedCount: 4 });

    await tick(Date.now());
    const [alert] = await alertsOf("campaign_failures", campaign.id);
    expect(alert?.details).toContain("4 of 4 recipients failed");
    await tick(Date.now() + 5 * 60_000);
    expect(await alertsOf("campaign_failures", campaign.id)).toHaveLength(1);
    expect((await alertsOf("campaign_failures", campaign.id))[0]?.count).toBe(1);
  });

  it("a send that makes no progress for 15 minutes of ticks", async () => {
    const action = await createAction();
    const sub = await createSubscriber();
    const campaign = await createCampaign(action.id, [sub.id]);
    const start = Date.now();
    await tick(start);
    await tick(start + 10 * 60_000);
    expect(await alertsOf("campaign_stalled", campaign.id)).toEqual([]);
    await tick(start + 16 * 60_000);
    const [alert] = await alertsOf("campaign_stalled", campaign.id);
    expect(alert?.details).toContain("0 of 1 recipients done");
  });

  it("a message in the email dead-letter queue", async () => {
    const action = await createAction();
    const sub = await createSubscriber();
    const campaign = await createCampaign(action.id, [sub.id]);
    await runConsumer([weeklyJob(campaign.id, [sub.id])], testDeps(), { queue: "earthkind-email-dlq", attempts: 9 });
    const [alert] = await alertsOf("dead_letter", "earthkind-email-dlq");
    expect(alert?.details).toContain("1 message(s) (weekly)");
  });

  it("a message in the ingestion dead-letter queue", async () => {
    const runId = crypto.randomUUID();
    const body: IngestMessage = {
      kind: "run-source",
      run_id: runId,
      source_key: "heal-the-bay",
      start_page: 0,
      pages: 1,
    };
    await consumeIngestBatch(
      createMessageBatch("earthkind-ingest-dlq", [{ id: runId, timestamp: new Date(), attempts: 4, body }]),
      env,
      ingestHooks,
    );
    expect(await alertsOf("dead_letter", "earthkind-ingest-dlq")).toHaveLength(1);
  });

  it("an event source that fails three runs in a row, and one that goes quiet after returning events", async () => {
    // The organisations' sites, faked at the HTTP boundary.
    const openlandsUp = false;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.host === "openlands.org" && !openlandsUp)
        return new Response("oops", { status: 500, statusText: "Internal Server Error" });
      return new Response("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n", { status: 200 });
    });
    const live = { ...env, INGESTION_FIXTURES: "false" };
    // Whatever other tests of this file left (a cron tick runs every source), these two sources start with no
    // runs and no alerts: the rules count a source's latest runs, so the test must own all of them.
    const sources = ["openlands", "save-the-bay"];
    await db().delete(ingestionRuns).where(inArray(ingestionRuns.sourceKey, sources));
    await db().delete(alerts).where(inArray(alerts.subject, sources));
    let minute = 0;
    const run = async (sourceKey: string) => {
      const id = crypto.randomUUID();
      const startedAt = new Date(Date.UTC(2031, 0, 1, 0, ++minute)).toISOString();
      await db().insert(ingestionRuns).values({ id, sourceKey, startedAt });
      const body: IngestMessage = { kind: "run-source", run_id: id, source_key: sourceKey, start_page: 0, pages: 1 };
      await consumeIngestBatch(
        createMessageBatch("earthkind-ingest", [{ id, timestamp: new Date(), attempts: 1, body }]),
        live,
        ingestHooks,
      );
    };
    await run("openlands");
    await run("openlands");
    expect(await alertsOf("source_failing", "openlands")).toEqual([]);
    await run("openlands");
    const [failing] = await alertsOf("source_failing", "openlands");
    expect(failing?.details).toContain("HTTP 500");

    // A source that found events, then (its feed now empty) finds none.
    await db()
      .insert(ingestionRuns)
      .values({
        id: crypto.randomUUID(),
        sourceKey: "save-the-bay",
        status: "completed",
        found: 12,
        startedAt: new Date(Date.UTC(2031, 0, 1, 0, ++minute)).toISOString(),
      });
    await run("save-the-bay");
    expect(await alertsOf("source_empty", "save-the-bay")).toHaveLength(1);
  });

  it("a security scan finding of high severity", async () => {
    const headers = await adminHeaders();
    const misconfigured = { ...env, MAIL_PROVIDER: "resend" }; // and no MAIL_API_KEY
    const res = await createApp().fetch(
      new Request("http://localhost/api/admin/security/scan", { method: "POST", headers }),
      misconfigured,
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    const [alert] = await alertsOf("security_finding", "mail-api-key-missing");
    expect(alert?.details).toContain("MAIL_API_KEY is not set (high)");
  });

  it("server errors in the last hour passing ALERT_5XX_PER_HOUR", async () => {
    // A deployment with a broken variable answers every request with a 500.
    const broken = { ...env, SITE_URL: "not a url" };
    for (let i = 0; i < 3; i++) {
      const res = await createApp().fetch(
        new Request("http://localhost/api/actions"),
        broken,
        createExecutionContext(),
      );
      expect(res.status).toBe(500);
    }
    const strict = { ...env, ALERT_5XX_PER_HOUR: "3" };
    await vi.waitFor(
      async () => {
        await tick(Date.now(), strict);
        expect(await alertsOf("error_rate", "5xx")).not.toHaveLength(0);
      },
      { timeout: 10_000, interval: 250 },
    );
    const [alert] = await alertsOf("error_rate", "5xx");
    expect(alert?.details).toMatch(/^\d+ server errors \(5xx\) in the last hour; the alert threshold is 3/);
  });
});

describe("GET /api/admin/alerts and acknowledge", () => {
  it("lists open alerts for admins only and acknowledges one", async () => {
    const raised = await raiseAlert(
      { db: db(), config: config() },
      { kind: "source_failing", subject: "ack-test", details: "three failures" },
    );
    const adminAlerts = client.api.admin.alerts;
    const id = raised?.id ?? "";
    expect((await adminAlerts.$get({ query: {} })).status).toBe(401);
    expect((await adminAlerts.$get({ query: {} }, { headers: await memberHeaders() })).status).toBe(403);
    const acknowledge = (alertId: string, headers?: Record<string, string>) =>
      adminAlerts[":id"].acknowledge.$post({ param: { id: alertId } }, { headers });
    expect((await acknowledge(id)).status).toBe(401);

    const headers = await adminHeaders();
    const list = async (status?: "open" | "all") =>
      (await ok(adminAlerts.$get({ query: { status } }, { headers }))).alerts;
    expect((await list()).find((a) => a.id === id)).toMatchObject({
      kind: "source_failing",
      title: "Event source keeps failing",
      subject: "ack-test",
      count: 1,
      acknowledged_at: null,
    });

    const { alert } = await ok(acknowledge(id, headers));
    expect(alert.acknowledged_at).not.toBeNull();
    // Again: the first acknowledgement stands.
    expect((await ok(acknowledge(id, headers))).alert.acknowledged_at).toBe(alert.acknowledged_at);

    expect((await list()).some((a) => a.id === id)).toBe(false);
    expect((await list("all")).some((a) => a.id === id)).toBe(true);

    const missing = await acknowledge(crypto.randomUUID(), headers);
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toEqual({ code: "not_found", message: "Alert not found" });
    expect((await adminAlerts.$get({ query: { status: unchecked("bogus") } }, { headers })).status).toBe(400);
  });
});
