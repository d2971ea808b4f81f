import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { SubscriberListItem } from "#contract/subscribers/admin-schemas";
import { exportJobs } from "../../db/schema";
import { type ExportDeps, runExportStep } from "../../worker/features/exports/runner";
import { startExportJob } from "../../worker/features/exports/store";
import { deleteExpiredExports, restartStalledExports } from "../../worker/features/exports/sweep";
import type { ExportMessage } from "../../worker/features/exports/types";
import { EXPORT_QUEUE_NAME, exportProducers, runQueueBatch } from "../../worker/jobs/queue";
import { adminHeaders, api, db } from "./helpers";
import { client, ok } from "./support/client";
import { ADMIN_EXPORTS, exportStatus, startExport, waitForExport } from "./support/exports";
import { createUser } from "./support/factories";

// Issue 45 item 4 (decision 250): duplicate queue messages, rows written while an export or the admin list is
// being paged, and the clean-up of files past their hour.

let run = 0;
const tag = () => `p${Date.now().toString(36)}${++run}`;
const jobRow = async (id: string) => (await db().select().from(exportJobs).where(eq(exportJobs.id, id)))[0];

/** `count` confirmed subscribers `<prefix>-NN@page.test`, one minute apart from `start` (newest = highest n). */
async function seed(prefix: string, count: number, start = "2020-01-01", from = 1) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT ?4 UNION ALL SELECT i + 1 FROM n WHERE i < ?4 + ?2 - 1)
     INSERT INTO subscribers (id, email, first_name, zip_code, active, subscribed_at, manage_token_hash, confirmed_at)
     SELECT lower(hex(randomblob(4))) || '-0000-4000-8000-' || lower(hex(randomblob(6))), printf('%s-%03d@page.test', ?1, i),
       'Robin', '97201', 1, strftime('%Y-%m-%dT%H:%M:%fZ', ?3, printf('+%d minutes', i)), ?1 || '-' || i, ?3
     FROM n`,
  )
    .bind(prefix, count, start, from)
    .run();
}

/** The queue binding's two methods, recording what a step sends instead of delivering it (the boundary). */
function recordingQueue() {
  const sent: ExportMessage[] = [];
  const queue = {
    send: async (body: ExportMessage) => {
      sent.push(body);
    },
    sendBatch: async (messages: { body: ExportMessage }[]) => {
      sent.push(...messages.map((m) => m.body));
    },
  } as unknown as Queue;
  return { sent, queue };
}

const depsWith = (queue: Queue): ExportDeps => ({
  db: db(),
  bucket: env.MEDIA,
  queue,
  paging: { pageRows: 3, pagesPerStep: 2 },
  now: () => new Date(),
  usage: { queries: 0 },
});

async function newJob(q: string) {
  const admin = await createUser({ role: "admin" });
  const { job } = await startExportJob(
    db(),
    { kind: "subscribers", userId: admin.id, params: { q, status: "all", zip: "" }, filename: "subscribers-test.csv" },
    new Date(),
  );
  return job;
}

/** The committed file's text, its parts joined in order as the download route serves them. */
async function fileText(id: string) {
  const row = await jobRow(id);
  const texts = await Promise.all((row?.parts ?? []).map(async (key) => (await env.MEDIA.get(key))?.text() ?? ""));
  return texts.join("");
}
const emailsIn = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .slice(1, -1)
    .map((l) => l.split(",")[1] ?? "");

describe("duplicate queue messages", () => {
  it("two deliveries of the same step at once: one writes the part, the other changes nothing", async () => {
    const t = tag();
    await seed(t, 10);
    const job = await newJob(t);
    const { sent, queue } = recordingQueue();
    const results = await Promise.all([
      runExportStep(depsWith(queue), exportProducers, { job: job.id, step: 0 }),
      runExportStep(depsWith(queue), exportProducers, { job: job.id, step: 0 }),
    ]);
    expect(results.sort()).toEqual(["busy", "done"]);
    expect(sent).toEqual([{ job: job.id, step: 1 }]);
    // The late copy of step 0, and step 1 twice in a row: only the first step 1 does anything.
    expect(await runExportStep(depsWith(queue), exportProducers, { job: job.id, step: 0 })).toBe("duplicate");
    expect(await runExportStep(depsWith(queue), exportProducers, { job: job.id, step: 1 })).toBe("done");
    expect(await runExportStep(depsWith(queue), exportProducers, { job: job.id, step: 1 })).toBe("duplicate");
    const row = await jobRow(job.id);
    expect(row).toMatchObject({ status: "ready", rows: 10, step: 2 });
    expect(row?.parts).toHaveLength(2);
    const emails = emailsIn(await fileText(job.id));
    expect(emails).toHaveLength(10);
    expect(new Set(emails).size).toBe(10);
    // Nothing but the committed parts is left in R2.
    expect((await env.MEDIA.list({ prefix: `exports/${job.id}/` })).objects.map((o) => o.key).sort()).toEqual(
      [...(row?.parts ?? [])].sort(),
    );
  });

  it("the real queue delivering every step twice still writes each row once; a late copy is acknowledged and dropped", async () => {
    const headers = await adminHeaders();
    const t = tag();
    await seed(t, 14);
    const started = await startExport(ADMIN_EXPORTS, headers, { q: t });
    // Copies of steps 0 to 2 sent straight to the queue, racing the export's own messages.
    await env.EXPORT_QUEUE.sendBatch([0, 1, 2].map((step) => ({ body: { job: started.id, step } })));
    const done = await waitForExport(ADMIN_EXPORTS, started.id, headers);
    expect(done).toMatchObject({ status: "ready", rows: 14 });
    if (!done.download) throw new Error("no link");
    const emails = emailsIn(await (await api(done.download.url, { headers })).text());
    expect(emails).toHaveLength(14);
    expect(new Set(emails).size).toBe(14);
    const before = await jobRow(started.id);
    expect(before?.parts).toHaveLength(3);

    const batch = createMessageBatch<ExportMessage>(EXPORT_QUEUE_NAME, [
      { id: "late-1", timestamp: new Date(), attempts: 1, body: { job: started.id, step: 1 } },
    ]);
    await runQueueBatch(batch as MessageBatch<unknown>, env);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toEqual(["late-1"]);
    expect(await jobRow(started.id)).toMatchObject({ parts: before?.parts, rows: 14, step: before?.step });
  });
});

describe("keyset paging while rows are written", () => {
  it("an export returns every row that was there exactly once when rows are inserted between its steps", async () => {
    const t = tag();
    await seed(t, 15);
    const job = await newJob(t);
    const { sent, queue } = recordingQueue();
    let step = 0;
    let extra = 100;
    for (;;) {
      expect(await runExportStep(depsWith(queue), exportProducers, { job: job.id, step })).toBe("done");
      if (sent.length === step) break;
      step++;
      // Between invocations: a newer signup (before the cursor) and an older one (after it).
      await seed(t, 1, "2026-01-01", extra++);
      await seed(t, 1, "2019-01-01", extra++);
    }
    const emails = emailsIn(await fileText(job.id));
    expect(new Set(emails).size).toBe(emails.length);
    const originals = Array.from({ length: 15 }, (_, i) => `${t}-${String(15 - i).padStart(3, "0")}@page.test`);
    expect(emails.slice(0, 15)).toEqual(originals);
    // The older rows written meanwhile come after the cursor, so they are read once; the newer ones never.
    expect(emails.slice(15).every((e) => Number(/-(\d+)@/.exec(e)?.[1]) % 2 === 1)).toBe(true);
  });

  it("the admin list returns every row exactly once when rows are inserted between its pages", async () => {
    const headers = await adminHeaders();
    const t = tag();
    await seed(t, 120);
    const seen: string[] = [];
    let cursor: string | null = null;
    let extra = 500;
    do {
      const query: { q: string; cursor?: string } = cursor ? { q: t, cursor } : { q: t };
      const page: { subscribers: SubscriberListItem[]; next_cursor: string | null } = await ok(
        client.api.admin.subscribers.$get({ query: { ...query, full_emails: "1" } }, { headers }),
      );
      seen.push(...page.subscribers.map((s) => s.email));
      cursor = page.next_cursor;
      await seed(t, 2, "2026-06-01", extra);
      await seed(t, 1, "2019-06-01", extra + 2);
      extra += 3;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (let i = 1; i <= 120; i++) expect(seen).toContain(`${t}-${String(i).padStart(3, "0")}@page.test`);
  });
});

describe("clean-up", () => {
  it("re-queues an export whose message was lost, and deletes files and rows past their hour", async () => {
    const headers = await adminHeaders();
    const t = tag();
    await seed(t, 4);
    const started = await startExport(ADMIN_EXPORTS, headers, { q: t });
    const ready = await waitForExport(ADMIN_EXPORTS, started.id, headers);
    expect(ready.status).toBe("ready");

    // A job whose first message never arrived (created here, never sent).
    const lost = await newJob(t);
    expect(await restartStalledExports(db(), env.EXPORT_QUEUE, new Date())).toBe(0);
    expect(await restartStalledExports(db(), env.EXPORT_QUEUE, new Date(Date.now() + 3 * 60_000))).toBe(1);
    for (let i = 0; i < 200 && (await jobRow(lost.id))?.status === "pending"; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await jobRow(lost.id)).toMatchObject({ status: "ready", rows: 4 });

    const later = new Date(Date.now() + 2 * 60 * 60_000);
    const swept = await deleteExpiredExports(db(), env.MEDIA, later);
    expect(swept.rows).toBeGreaterThanOrEqual(2);
    expect(swept.files).toBeGreaterThanOrEqual(2);
    expect((await env.MEDIA.list({ prefix: "exports/" })).objects).toEqual([]);
    expect(await jobRow(started.id)).toBeUndefined();
    expect((await api(`${ADMIN_EXPORTS}/${started.id}`, { headers })).status).toBe(404);
    await expect(exportStatus(ADMIN_EXPORTS, lost.id, headers)).rejects.toThrow();
  });
});
