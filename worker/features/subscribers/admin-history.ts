import { sql } from "drizzle-orm";
import { SUBSCRIBER_HISTORY_LIMIT, type SubscriberEmailHistoryItem } from "#contract/subscribers/admin-schemas";
import type { Db } from "../../platform/db";
import { errorText, isoOf, personRows, statusText } from "../email/ledger-sql";

/** What the ledger says was sent to one person, newest first: campaign, outcome and when (decision 245). */
export async function readEmailHistory(db: Db, subscriberId: string): Promise<SubscriberEmailHistoryItem[]> {
  return db.all<SubscriberEmailHistoryItem>(sql`
    SELECT c.id || '/' || ${subscriberId} AS id, c.id AS campaign_id, c.kind AS campaign_kind, a.title AS action_title,
      ${sql.raw(statusText("l"))} AS status, ${sql.raw(errorText("l", "n"))} AS error, ${sql.raw(isoOf("l.at"))} AS at
    FROM ${personRows(subscriberId)}
    ORDER BY l.at DESC, c.seq DESC
    LIMIT ${SUBSCRIBER_HISTORY_LIMIT}`);
}
