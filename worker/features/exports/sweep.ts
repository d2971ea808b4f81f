import { sql } from "drizzle-orm";
import { exportJobs } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { EXPORT_TTL_MS } from "./store";
import type { ExportMessage } from "./types";

/** A pending job whose step has not moved for this long (and is held by no live invocation) is re-queued. */
export const STALL_MS = 2 * 60 * 1000;
const SWEEP_LIMIT = 50;

/**
 * Re-sends the message of each pending export whose step went quiet: the message was lost (a send that failed
 * after its commit, retries used up while another invocation held the step). A duplicate is harmless.
 */
export async function restartStalledExports(db: Db, queue: Queue, now: Date): Promise<number> {
  const iso = now.toISOString();
  const stalled = await db
    .update(exportJobs)
    .set({ updatedAt: iso })
    .where(
      sql`${exportJobs.id} IN (SELECT id FROM export_jobs WHERE status = 'pending'
        AND updated_at < ${new Date(now.getTime() - STALL_MS).toISOString()}
        AND (lease IS NULL OR lease_until < ${iso}) AND expires_at > ${iso} LIMIT ${SWEEP_LIMIT})`,
    )
    .returning({ id: exportJobs.id, step: exportJobs.step });
  if (stalled.length > 0)
    await queue.sendBatch(stalled.map((j) => ({ body: { job: j.id, step: j.step } satisfies ExportMessage })));
  return stalled.length;
}

/**
 * Deletes exports past their hour: the files first (every object under exports/ older than the hour, which also
 * catches the files of jobs deleted with their account), then the rows.
 */
export async function deleteExpiredExports(db: Db, bucket: R2Bucket, now: Date) {
  const cutoff = now.getTime() - EXPORT_TTL_MS;
  let files = 0;
  let cursor: string | undefined;
  for (let page = 0; page < 5; page++) {
    const listed = await bucket.list({ prefix: "exports/", cursor, limit: 1000 });
    const old = listed.objects.filter((o) => o.uploaded.getTime() < cutoff).map((o) => o.key);
    if (old.length > 0) await bucket.delete(old);
    files += old.length;
    if (!listed.truncated) break;
    cursor = listed.cursor;
  }
  const rows = await db
    .delete(exportJobs)
    .where(
      sql`${exportJobs.id} IN (SELECT id FROM export_jobs WHERE expires_at < ${now.toISOString()} LIMIT ${SWEEP_LIMIT * 10})`,
    )
    .returning({ id: exportJobs.id });
  return { files, rows: rows.length };
}
