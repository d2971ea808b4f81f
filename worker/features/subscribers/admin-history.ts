import { sql } from "drizzle-orm";
import { SUBSCRIBER_HISTORY_LIMIT, type SubscriberEmailHistoryItem } from "#contract/subscribers/admin-schemas";
import type { Db } from "../../platform/db";

/** What the ledger says was sent to one person, newest first: campaign, outcome and when. */
export async function readEmailHistory(db: Db, subscriberId: string): Promise<SubscriberEmailHistoryItem[]> {
  return db.all<SubscriberEmailHistoryItem>(sql`
    SELECT d.id, d.campaign_id, c.kind AS campaign_kind, a.title AS action_title, d.status, d.error,
      d.updated_at AS at
    FROM email_deliveries d
    JOIN email_campaigns c ON c.id = d.campaign_id
    LEFT JOIN weekly_actions a ON a.id = c.action_id
    WHERE d.subscriber_id = ${subscriberId}
    ORDER BY d.updated_at DESC
    LIMIT ${SUBSCRIBER_HISTORY_LIMIT}`);
}
