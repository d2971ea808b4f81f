import { and, eq, sql } from "drizzle-orm";
import { emailCampaigns } from "../../../db/schema";
import { completeIfDone } from "./campaigns";
import { type EmailDeps, type EmailJob, enqueueAll, RECIPIENTS_PER_JOB } from "./jobs";

/**
 * Subscribers read per fan-out step (keyset page by id on the (active, id) index): bounded memory and
 * CPU per invocation however large the list grows, and ≤ 40 recipient jobs per Queue.sendBatch.
 */
export const FANOUT_PAGE_SIZE = 4000;

/**
 * One fan-out step: enqueue the recipient jobs for the next page of active subscribers, enqueue the
 * step for the page after it, then move the campaign's cursor. Everything is enqueued before the
 * cursor moves, so a crash at any point loses nothing (the retry redoes the page; the ledger makes
 * the repeated recipients harmless). A duplicate delivery of the same step finds the cursor already
 * moved and stops, which also ends any duplicated chain.
 */
export async function runFanoutStep(deps: EmailDeps, job: Extract<EmailJob, { type: "fanout" }>): Promise<void> {
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
  if (!campaign || campaign.doneAt || campaign.status === "completed" || campaign.status === "failed") return;
  if ((campaign.cursor ?? null) !== job.after) return;

  const page = await db.all<{ id: string }>(
    job.after === null
      ? sql`SELECT id FROM subscribers WHERE active = 1 ORDER BY id LIMIT ${FANOUT_PAGE_SIZE}`
      : sql`SELECT id FROM subscribers WHERE active = 1 AND id > ${job.after} ORDER BY id LIMIT ${FANOUT_PAGE_SIZE}`,
  );
  const ids = page.map((r) => r.id);
  const done = ids.length < FANOUT_PAGE_SIZE;
  const last = ids.at(-1) ?? job.after;

  const jobs: EmailJob[] = [];
  for (let i = 0; i < ids.length; i += RECIPIENTS_PER_JOB) {
    jobs.push({ type: "weekly", campaignId: job.campaignId, subscriberIds: ids.slice(i, i + RECIPIENTS_PER_JOB) });
  }
  if (!done) jobs.push({ type: "fanout", campaignId: job.campaignId, after: last });
  await enqueueAll(deps.queue, jobs);

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
}
