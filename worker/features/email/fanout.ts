import { and, eq, sql } from "drizzle-orm";
import { emailCampaigns, emailCampaignWaves } from "../../../db/schema";
import { completeIfDone } from "./campaigns";
import { type EmailDeps, type EmailJob, enqueueAll, recipientJobs } from "./jobs";
import { ledger } from "./ledger-sql";

/**
 * Subscribers read per fan-out step (keyset page by id on the (active, id) index): bounded memory and
 * CPU per invocation however large the list grows, and ≤ 40 recipient jobs per Queue.sendBatch.
 */
export const FANOUT_PAGE_SIZE = 4000;

/** How often a step re-checks for its predecessor's cursor move before it counts as a failure. */
export const MAX_FANOUT_WAITS = 30;
const WAIT_SECONDS = 2;

/** Ids are compared as SQLite compares text (the keyset order): byte order, like JS `<` on ASCII. */
const isBehind = (cursor: string | null, after: string | null) => after !== null && (cursor === null || cursor < after);

/**
 * One fan-out step: write the ledger rows for the next page of active subscribers (of the wave's zone,
 * for a scheduled campaign), enqueue their recipient jobs and the step for the page after it, then
 * move the cursor (the wave's, or the campaign's for an immediate send). Everything is written and
 * enqueued before the cursor moves, so a crash at any point loses nothing (the retry redoes the page; the ledger makes
 * the repeated recipients harmless). A duplicate delivery of the same step finds the cursor already
 * moved past it and stops, which also ends any duplicated chain. Because the next step is enqueued
 * before the cursor moves, it can arrive first: then it waits a moment and looks again.
 */
export async function runFanoutStep(
  deps: EmailDeps,
  job: Extract<EmailJob, { type: "fanout" }>,
): Promise<{ retryAfterSeconds?: number }> {
  const { db } = deps;
  const [campaign] = await db
    .select({
      status: emailCampaigns.status,
      cursor: emailCampaigns.fanoutCursor,
      doneAt: emailCampaigns.fanoutDoneAt,
    })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, job.campaignId))
    .limit(1);
  if (!campaign || campaign.status === "completed" || campaign.status === "failed") return {};
  const waveId = job.waveId ?? null;
  const [wave] = waveId
    ? await db
        .select({
          cursor: emailCampaignWaves.fanoutCursor,
          doneAt: emailCampaignWaves.fanoutDoneAt,
          timeZone: emailCampaignWaves.timeZone,
        })
        .from(emailCampaignWaves)
        .where(and(eq(emailCampaignWaves.id, waveId), eq(emailCampaignWaves.campaignId, job.campaignId)))
        .limit(1)
    : [null];
  if (waveId && !wave) return {};
  const holder = wave ?? campaign;
  if (holder.doneAt) return {};
  const cursor = holder.cursor ?? null;
  if (cursor !== job.after) {
    if (!isBehind(cursor, job.after)) return {};
    const waits = job.waits ?? 0;
    // Its predecessor has not moved the cursor yet. A fresh delayed copy does not use up the
    // message's retries; past the bound it becomes an ordinary retry (and so, in the end, a dead letter).
    if (waits >= MAX_FANOUT_WAITS) return { retryAfterSeconds: WAIT_SECONDS * 5 };
    await deps.queue.send({ ...job, waits: waits + 1 }, { delaySeconds: WAIT_SECONDS });
    return {};
  }

  const pageSize = deps.config.EMAIL_FANOUT_PAGE_SIZE ?? FANOUT_PAGE_SIZE;
  const zone = wave?.timeZone ?? null;
  const afterId = job.after ?? "";
  const page = await db.all<{ id: string }>(
    zone === null
      ? sql`SELECT id FROM subscribers WHERE active = 1 AND id > ${afterId} ORDER BY id LIMIT ${pageSize}`
      : sql`SELECT id FROM subscribers WHERE active = 1 AND time_zone = ${zone} AND id > ${afterId} ORDER BY id LIMIT ${pageSize}`,
  );
  const ids = page.map((r) => r.id);
  const done = ids.length < pageSize;
  const last = ids.at(-1) ?? job.after;
  const nowIso = deps.now().toISOString();

  // The ledger rows first (they are the recipient count), then the jobs that send them.
  if (ids.length > 0)
    await db.$client.batch([ledger(db.$client).insertPending(job.campaignId, JSON.stringify(ids), waveId, nowIso)]);
  await enqueueAll(deps.queue, recipientJobs(job.campaignId, waveId, ids));
  // Delayed a little so it usually arrives after this step has moved the cursor.
  if (!done) {
    const next: EmailJob = { type: "fanout", campaignId: job.campaignId, after: last, ...(waveId ? { waveId } : {}) };
    await deps.queue.send(next, { delaySeconds: 1 });
  }

  const moved = { fanoutCursor: last, fanoutDoneAt: done ? nowIso : null };
  const claimed = wave
    ? await db
        .update(emailCampaignWaves)
        .set(moved)
        .where(
          and(
            eq(emailCampaignWaves.id, waveId as string),
            sql`${emailCampaignWaves.fanoutCursor} IS ${job.after}`,
            sql`${emailCampaignWaves.fanoutDoneAt} IS NULL`,
          ),
        )
        .returning({ id: emailCampaignWaves.id })
    : await db
        .update(emailCampaigns)
        .set(moved)
        .where(
          and(
            eq(emailCampaigns.id, job.campaignId),
            sql`${emailCampaigns.fanoutCursor} IS ${job.after}`,
            sql`${emailCampaigns.fanoutDoneAt} IS NULL`,
          ),
        )
        .returning({ id: emailCampaigns.id });
  await db
    .update(emailCampaigns)
    .set({ status: "sending" })
    .where(and(eq(emailCampaigns.id, job.campaignId), eq(emailCampaigns.status, "pending")));
  // Recipients may all have been handled already (or there were none): the last step completes it.
  // (A scheduled campaign is completed by the cron once its last zone's send day is over.)
  if (!wave && claimed.length > 0 && done) await completeIfDone(db, job.campaignId, nowIso);
  return {};
}
