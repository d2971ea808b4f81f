import type { Db } from "../../platform/db";

/** External ids per statement, as one JSON parameter. */
const CHUNK = 500;

/** Marks the events a read listed as confirmed by their source at `now` (shown as "last confirmed"). */
export async function confirmListed(db: Db, sourceKey: string, externalIds: string[], now: Date): Promise<void> {
  const statements = [];
  for (let i = 0; i < externalIds.length; i += CHUNK) {
    statements.push(
      db.$client
        .prepare(
          "UPDATE events SET last_confirmed_at = ?1 WHERE source_key = ?2 AND external_id IN (SELECT value FROM json_each(?3))",
        )
        .bind(now.toISOString(), sourceKey, JSON.stringify(externalIds.slice(i, i + CHUNK))),
    );
  }
  if (statements.length) await db.$client.batch(statements);
}

/**
 * After a complete read of a source (decision 200): its upcoming listings, starting before `until` (as far ahead
 * as the read lists), that the read did not confirm are cancelled rather than left listed or silently removed. A
 * listing another source still confirms (a copy merged into it, listed since this source last listed it) stays.
 * Returns how many were cancelled.
 */
export async function cancelDropped(db: Db, sourceKey: string, now: Date, until: Date): Promise<number> {
  const result = await db.$client
    .prepare(
      `UPDATE events SET status = 'cancelled', cancelled_by = 'source', updated_at = ?2
       WHERE source_key = ?1 AND status = 'approved' AND start_at_utc > ?2 AND start_at_utc <= ?3
         AND (last_confirmed_at IS NULL OR last_confirmed_at < ?2)
         AND NOT EXISTS (
           SELECT 1 FROM events copy
           WHERE copy.merged_into = events.id AND copy.status = 'merged'
             AND copy.last_confirmed_at >= coalesce(events.last_confirmed_at, '')
         )`,
    )
    .bind(sourceKey, now.toISOString(), until.toISOString())
    .run();
  return result.meta.changes ?? 0;
}
