import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { isLegacyStored, sealManageToken } from "../../platform/manage-token";

/** Rows per statement: each carries ~300 bytes of JSON, far under D1's 100 KB a statement. */
export const BACKFILL_PAGE = 200;
/** Pages per run: two statements each, well inside a scheduled invocation's query limit. */
export const BACKFILL_PAGES_PER_RUN = 10;

/**
 * Replaces the plaintext manage tokens rows kept from before migration 0025 with their hash and sealed box
 * (decision 214), in pages: one read of the page, then one `UPDATE … FROM json_each(?)` for all of it. A row
 * changed meanwhile (its hash column no longer the token read) is left for the next run. Links already in
 * inboxes keep working: the same token now matches by its hash. Run by every frequent cron tick; once every row
 * is sealed, one indexed read that finds nothing.
 */
export async function backfillManageTokens(db: Db, jwtSecret: string): Promise<{ sealed: number }> {
  let sealed = 0;
  for (let page = 0; page < BACKFILL_PAGES_PER_RUN; page++) {
    const rows = await db.all<{ id: string; manage_token_hash: string }>(
      sql`SELECT id, manage_token_hash FROM subscribers WHERE manage_token_sealed IS NULL AND length(manage_token_hash) = 43 ORDER BY id LIMIT ${BACKFILL_PAGE}`,
    );
    const legacy = rows.filter((r) => isLegacyStored(r.manage_token_hash));
    if (legacy.length === 0) break;
    const pairs = await Promise.all(
      legacy.map(async (r) => {
        const next = await sealManageToken(jwtSecret, r.manage_token_hash);
        return { id: r.id, old: r.manage_token_hash, hash: next.hash, sealed: next.sealed };
      }),
    );
    const changed = await db.all<{ id: string }>(sql`
      UPDATE subscribers
      SET manage_token_hash = json_extract(p.value, '$.hash'), manage_token_sealed = json_extract(p.value, '$.sealed')
      FROM json_each(${JSON.stringify(pairs)}) AS p
      WHERE subscribers.id = json_extract(p.value, '$.id')
        AND subscribers.manage_token_hash = json_extract(p.value, '$.old')
        AND subscribers.manage_token_sealed IS NULL
      RETURNING subscribers.id AS id`);
    sealed += changed.length;
    if (rows.length < BACKFILL_PAGE || changed.length === 0) break;
  }
  return { sealed };
}
