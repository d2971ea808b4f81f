import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportJobs, securityAuditLog } from "../../db/schema";
import { signDownloadToken } from "../../worker/features/exports/link";
import { adminHeaders, api, config, db, signIn } from "./helpers";
import { ADMIN_EXPORTS, exportStatus, runExport, startExport, waitForExport } from "./support/exports";
import { createSubscriber, createUser } from "./support/factories";

// Issue 45 item 4 (decision 250): the subscriber CSV is prepared in the background by the export queue, a few
// keyset pages per invocation (vitest.config.ts: 3 rows a query, 2 queries a step), under D1_LIMITS=enforce.

let run = 0;
const tag = () => `x${Date.now().toString(36)}${++run}`;
const HEADER = "first_name,email,zip_code,status,subscribed_at,unsubscribed_at,last_weekly_email_at";
const jobRow = async (id: string) => (await db().select().from(exportJobs).where(eq(exportJobs.id, id)))[0];
const csvLines = (text: string) => text.replace(/^\uFEFF/, "").split("\r\n");

/** A sent weekly email to this subscriber in the ledger, so the CSV's last column has a value. */
async function sentWeekly(subscriberId: string, email: string, at: string) {
  const campaign = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO email_campaigns (id, kind, status) VALUES (?, 'weekly', 'completed')").bind(campaign),
    env.DB.prepare(
      "INSERT INTO email_deliveries (id, campaign_id, subscriber_id, email, status, updated_at) VALUES (?, ?, ?, ?, 'sent', ?)",
    ).bind(crypto.randomUUID(), campaign, subscriberId, email, at),
  ]);
}

describe("the subscriber CSV, prepared in the background", () => {
  it("is today's CSV, byte for byte, for a small list (formula injection neutralised), and the start is audited", async () => {
    const admin = await createUser({ role: "admin" });
    const { headers } = await signIn(admin);
    const t = tag();
    const names = ['=HYPERLINK("http://x")', "+1 555", "-2+3", "@SUM(A1)", "\tTab", "\rReturn", "Plain, with comma"];
    for (const [i, firstName] of names.entries())
      await createSubscriber({
        email: `${t}-${i}@csv.test`,
        firstName,
        zipCode: "97201",
        subscribedAt: `2021-01-0${i + 1}T00:00:00.000Z`,
      });
    const gone = await createSubscriber({
      email: `${t}-off@csv.test`,
      firstName: "Off",
      zipCode: null,
      active: false,
      subscribedAt: "2021-01-08T00:00:00.000Z",
      unsubscribedAt: "2021-02-01T00:00:00.000Z",
    });
    const first = await createSubscriber({
      email: `${t}-w@csv.test`,
      firstName: "Wren",
      zipCode: "10001",
      subscribedAt: "2021-01-09T00:00:00.000Z",
    });
    await sentWeekly(first.id, first.email, "2026-11-16T17:00:00.000Z");

    const { job, file } = await runExport(ADMIN_EXPORTS, headers, { q: t });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    expect(job).toMatchObject({ rows: 9, filename: expect.stringMatching(/^subscribers-/) });
    const expected = [
      `\uFEFF${HEADER}`,
      `Wren,${t}-w@csv.test,10001,active,2021-01-09T00:00:00.000Z,,2026-11-16T17:00:00.000Z`,
      `Off,${gone.email},,unsubscribed,2021-01-08T00:00:00.000Z,2021-02-01T00:00:00.000Z,`,
      `"Plain, with comma",${t}-6@csv.test,97201,active,2021-01-07T00:00:00.000Z,,`,
      `"'\rReturn",${t}-5@csv.test,97201,active,2021-01-06T00:00:00.000Z,,`,
      `'\tTab,${t}-4@csv.test,97201,active,2021-01-05T00:00:00.000Z,,`,
      `'@SUM(A1),${t}-3@csv.test,97201,active,2021-01-04T00:00:00.000Z,,`,
      `'-2+3,${t}-2@csv.test,97201,active,2021-01-03T00:00:00.000Z,,`,
      `'+1 555,${t}-1@csv.test,97201,active,2021-01-02T00:00:00.000Z,,`,
      `"'=HYPERLINK(""http://x"")",${t}-0@csv.test,97201,active,2021-01-01T00:00:00.000Z,,`,
      "",
    ].join("\r\n");
    // Response.text() would drop the BOM: the bytes are decoded keeping it.
    expect(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await file.arrayBuffer())).toBe(expected);
    // 9 rows at 6 a step: two invocations, each a claim, its pages and a commit.
    expect(await jobRow(job.id)).toMatchObject({ invocations: 2, queriesMax: 4, status: "ready" });

    const audits = await db()
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.userId, admin.id), eq(securityAuditLog.action, "sensitive_data_access")))
      .orderBy(desc(securityAuditLog.createdAt));
    // One audited read per export started (as the streamed download was), none for its status or file.
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "sensitive_data_access",
      tableName: "subscribers",
      newValues: { resource: "subscribers_export", filters: { q: t, status: "all", zip: "" } },
    });
  });

  it("applies the list's filters: status, ZIP prefix and search", async () => {
    const headers = await adminHeaders();
    const t = tag();
    const a = await createSubscriber({ email: `${t}-a@f.test`, firstName: "Ada", zipCode: "97201" });
    const b = await createSubscriber({ email: `${t}-b@f.test`, firstName: "Bo", zipCode: "10001" });
    const c = await createSubscriber({ email: `${t}-c@f.test`, firstName: "Cy", zipCode: "97330", active: false });
    const emailsOf = async (body: Record<string, string>) => {
      const { file } = await runExport(ADMIN_EXPORTS, headers, { q: t, ...body });
      return csvLines(await file.text())
        .slice(1, -1)
        .map((l) => l.split(",")[1])
        .sort();
    };
    expect(await emailsOf({ status: "active" })).toEqual([a.email, b.email].sort());
    expect(await emailsOf({ status: "unsubscribed" })).toEqual([c.email]);
    expect(await emailsOf({ zip: "97" })).toEqual([a.email, c.email].sort());
    expect(await emailsOf({ zip: "973", status: "active" })).toEqual([]);
    expect(await emailsOf({ q: `${t}-b` })).toEqual([b.email]);

    // Bad filters are the list's messages and a 400, never a job.
    const bad = await api(ADMIN_EXPORTS, { method: "POST", headers, json: { zip: "97a" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "ZIP prefix must be 1 to 5 digits.",
    );
  });

  it("crosses several invocations at any size, each well under D1's 1,000 queries, every row once", async () => {
    const headers = await adminHeaders();
    const t = tag();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
       INSERT INTO subscribers (id, email, first_name, zip_code, active, subscribed_at, manage_token_hash, confirmed_at)
       SELECT lower(hex(randomblob(4))) || '-0000-4000-8000-' || printf('%012d', i), printf('%s-%02d@many.test', ?1, i),
         'Robin', '97201', 1, strftime('%Y-%m-%dT%H:%M:%fZ', '2020-01-01', printf('+%d minutes', i)), ?1 || i,
         '2020-01-01T00:00:00.000Z'
       FROM n`,
    )
      .bind(t)
      .run();
    const { job, file } = await runExport(ADMIN_EXPORTS, headers, { q: t });
    const emails = csvLines(await file.text())
      .slice(1, -1)
      .map((l) => l.split(",")[1]);
    expect(emails).toEqual(Array.from({ length: 20 }, (_, i) => `${t}-${String(20 - i).padStart(2, "0")}@many.test`));
    const row = await jobRow(job.id);
    // 20 rows at 6 a step: 4 invocations of at most 4 queries (claim, 2 pages, commit), counted by the limit check.
    expect(row).toMatchObject({ invocations: 4, rows: 20, queriesMax: 4 });
    expect(row?.parts).toHaveLength(4);
    expect(row?.queriesTotal).toBeGreaterThanOrEqual(13);
  });
});

describe("the download link", () => {
  it("is offered only to the admin who asked, expires, and names its export", async () => {
    const owner = await createUser({ role: "admin" });
    const { headers } = await signIn(owner);
    const other = await adminHeaders();
    const t = tag();
    await createSubscriber({ email: `${t}@link.test` });
    const started = await startExport(ADMIN_EXPORTS, headers, { q: t });
    expect(started).toMatchObject({ status: "pending", download: null });
    const job = await waitForExport(ADMIN_EXPORTS, started.id, headers);
    if (!job.download) throw new Error("no link");
    const ttl = Date.parse(job.download.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(8 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    // Another admin: not their export, with or without the owner's link.
    expect((await api(`${ADMIN_EXPORTS}/${job.id}`, { headers: other })).status).toBe(404);
    const stolen = await api(job.download.url, { headers: other });
    expect(stolen.status).toBe(404);
    expect(await stolen.text()).not.toContain(`${t}@link.test`);
    // No session at all.
    expect((await api(job.download.url)).status).toBe(401);
    // The owner, with a link signed 11 minutes ago (expired), or for another export, or none.
    const row = await jobRow(job.id);
    if (!row) throw new Error("no job");
    const old = await signDownloadToken(config(), row, new Date(Date.now() - 11 * 60_000));
    const expired = await api(`${ADMIN_EXPORTS}/${job.id}/file?token=${old.token}`, { headers });
    expect(expired.status).toBe(404);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toBe(
      "This download link has expired. Ask for the export again.",
    );
    const elsewhere = await signDownloadToken(config(), { ...row, id: crypto.randomUUID() }, new Date());
    expect((await api(`${ADMIN_EXPORTS}/${job.id}/file?token=${elsewhere.token}`, { headers })).status).toBe(404);
    expect((await api(`${ADMIN_EXPORTS}/${job.id}/file`, { headers })).status).toBe(400);
    // The owner with the live link; asking the status again gives a fresh one.
    expect((await api(job.download.url, { headers })).status).toBe(200);
    expect((await exportStatus(ADMIN_EXPORTS, job.id, headers)).download?.token).toEqual(expect.any(String));
    // Not an R2 key the media route serves.
    expect((await api(`/media/${row.parts[0]}`)).status).toBe(404);
  });

  it("needs an admin with a recent proof to start", async () => {
    const member = (await signIn(await createUser())).headers;
    expect((await api(ADMIN_EXPORTS, { method: "POST", headers: member, json: {} })).status).toBe(403);
    expect((await api(ADMIN_EXPORTS, { method: "POST", json: {} })).status).toBe(401);
  });
});
