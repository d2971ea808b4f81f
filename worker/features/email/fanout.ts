import { and, eq, sql } from "drizzle-orm";
import { emailCampaigns } from "../../../db/schema";
import { completeIfDone } from "./campaigns";
import { type EmailDeps, type EmailJob, enqueueAll, RECIPIENTS_PER_JOB } from "./jobs";

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
 * One fan-out step: enqueue the recipient jobs for the next page of active subscribers, enqueue the
 * step for the page after it, then move the campaign's cursor. Everything is enqueued before the
 * cursor moves, so a crash at any point loses nothing (the retry redoes the page; the ledger makes
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
  if (!campaign || campaign.doneAt || campaign.status === "completed" || campaign.status === "failed") return {};
  const cursor = campaign.cursor ?? null;
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
  const page = await db.all<{ id: string }>(
    job.after === null
      ? sql`SELECT id FROM subscribers WHERE active = 1 ORDER BY id LIMIT ${pageSize}`
      : sql`SELECT id FROM subscribers WHERE active = 1 AND id > ${job.after} ORDER BY id LIMIT ${pageSize}`,
  );
  const ids = page.map((r) => r.id);
  const done = ids.length < pageSize;
  const last = ids.at(-1) ?? job.after;

  const jobs: EmailJob[] = [];
  for (let i = 0; i < ids.length; i += RECIPIENTS_PER_JOB) {
    jobs.push({ type: "weekly", campaignId: job.campaignId, subscriberIds: ids.slice(i, i + RECIPIENTS_PER_JOB) });
  }
  await enqueueAll(deps.queue, jobs);
  // Delayed a little so it usually arrives after this step has moved the cursor.
  if (!done) await deps.queue.send({ type: "fanout", campaignId: job.campaignId, after: last }, { delaySeconds: 1 });

  const nowIso = deps.now().toISOString();
  const claimed = await db
    .update(emailCampaigns)
    .set({
      fanoutCursor: last,
      totalRecipients: sql`${emailCampaigns.totalRecipients} + ${ids.length}`,
      status: sql`CASE WHEN ${emailCampaigns.status} = 'pending' THEN 'sending' ELSE ${emailCampaigns.status} END`,
      fanoutDoneAt: done ? nowIso : null,
    })
    .where(
      and(
        eq(emailCampaigns.id, job.campaignId),
        sql`${emailCampaigns.fanoutCursor} IS ${job.after}`,
        sql`${emailCampaigns.fanoutDoneAt} IS NULL`,
      ),
    )
    .returning({ id: emailCampaigns.id });
  // Recipients may all have been handled already (or there were none): the last step completes it.
  if (claimed.length > 0 && done) await completeIfDone(db, job.campaignId, nowIso);
  return {};
}
