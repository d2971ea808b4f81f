import { DELIVERY_RETENTION_DAYS, PRUNE_BATCH_SIZE } from "#contract/retention/windows";
import type { Db } from "../../platform/db";

/** The email-queue message that carries on one ended campaign's ledger clean-up (decision 246). */
export type LedgerPruneJob = { type: "ledger-prune"; campaignId: string };

/** The number of an ended campaign whose window is over, or null (still sending, or too young). */
const EXPIRED_SEQ = `SELECT seq FROM email_campaigns
  WHERE id = ?1 AND status IN ('completed', 'failed') AND coalesce(completed_at, created_at) < ?2`;

/**
 * One page of short deletes on one campaign's ledger rows, keyed by (campaign, subscriber), so each
 * statement reads and removes at most `rows` rows of that campaign only. Only ended campaigns past the
 * window: while a campaign sends, its rows are what make it exactly-once (decision 031). Totals live on the
 * campaign row, so deleting rows changes no count; the notes go with their rows (foreign key).
 * Returns the rows deleted and whether rows are left (the last statement came back full).
 */
export async function pruneLedgerPage(
  db: Db,
  campaignId: string,
  now: Date,
  statements: number,
  rows = PRUNE_BATCH_SIZE,
): Promise<{ deleted: number; more: boolean; used: number }> {
  const cutoff = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  const d1 = db.$client;
  const seq = await d1.prepare(EXPIRED_SEQ).bind(campaignId, cutoff).first<{ seq: number | null }>();
  if (seq?.seq === null || seq?.seq === undefined) return { deleted: 0, more: false, used: 1 };
  const del = d1.prepare(
    `DELETE FROM email_ledger WHERE campaign = ?1
       AND subscriber IN (SELECT subscriber FROM email_ledger WHERE campaign = ?1 LIMIT ?2)`,
  );
  let deleted = 0;
  let used = 1;
  while (used < Math.max(2, statements)) {
    const changed = (await del.bind(seq.seq, rows).run()).meta.changes ?? 0;
    used++;
    deleted += changed;
    if (changed < rows) return { deleted, more: false, used };
  }
  return { deleted, more: true, used };
}

/**
 * The daily run's part: ended campaigns past the window that still have ledger rows, oldest first. Each gets
 * a first page within the run's `budget` statements; a campaign with rows left is handed to the email queue,
 * whose messages carry on page by page (each re-enqueues the next), so the clean-up has no daily cap.
 */
export async function startLedgerPruning(
  db: Db,
  queue: Queue<LedgerPruneJob> | undefined,
  now: Date,
  budget: number,
): Promise<{ deleted: number; continued: number }> {
  const cutoff = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  const { results } = await db.$client
    .prepare(
      `SELECT c.id FROM email_campaigns c
       WHERE c.status IN ('completed', 'failed') AND coalesce(c.completed_at, c.created_at) < ?1
         AND EXISTS (SELECT 1 FROM email_ledger l WHERE l.campaign = c.seq)
       ORDER BY c.seq LIMIT 100`,
    )
    .bind(cutoff)
    .all<{ id: string }>();
  let left = budget - 1;
  let deleted = 0;
  const continued: LedgerPruneJob[] = [];
  for (const { id } of results) {
    // Two statements at least: the campaign's check and one delete.
    if (left >= 2) {
      const page = await pruneLedgerPage(db, id, now, left);
      left -= page.used;
      deleted += page.deleted;
      if (!page.more) continue;
    }
    continued.push({ type: "ledger-prune", campaignId: id });
  }
  if (queue && continued.length > 0) await queue.sendBatch(continued.map((body) => ({ body })));
  return { deleted, continued: continued.length };
}

/** An email-queue message's page: `statements` is its share of the batch; the next page is enqueued if rows are left. */
export async function runLedgerPruneJob(
  db: Db,
  queue: Queue<LedgerPruneJob>,
  job: LedgerPruneJob,
  now: Date,
  statements: number,
): Promise<void> {
  const page = await pruneLedgerPage(db, job.campaignId, now, statements);
  if (page.more) await queue.send(job);
}
