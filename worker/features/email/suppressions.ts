import { sql } from "drizzle-orm";
import type { SuppressionList, SuppressionReason, SuppressionRow } from "#contract/email/schemas";
import type { Db } from "../../platform/db";
import { containsText } from "../../platform/sql-text";
import { ledgerKey } from "./ledger-sql";

/**
 * The suppression list: addresses that hard-bounced, complained, or soft-bounced three times in a row
 * get no marketing mail (platform/mail/suppressions.ts enforces it for every sender; account mail such
 * as sign-in links still goes out, decision 181). Provider webhooks feed it; admins can remove an address.
 */
export type MailEvent = {
  provider: "resend" | "postmark";
  /** The provider's id of this event (idempotency: the same id is applied once). */
  eventId: string;
  type: SuppressionReason | "delivered";
  email: string;
  /**
   * The provider's id of the message it is about. Not looked up: the ledger no longer keeps message ids
   * (decision 245); the campaign is the newest one sent to the address.
   */
  providerMessageId?: string | null;
};

/** Soft bounces in a row that suppress an address. */
export const SOFT_BOUNCE_LIMIT = 3;

/**
 * Applies one provider event, once per event id, in one transaction. Every step after the first is
 * guarded by the new event row existing, so a repeated event (providers retry webhooks) changes
 * nothing: the streak is not counted twice, the suppression keeps its first event.
 */
/**
 * The campaign a bounce or complaint is about: the newest one the ledger sent to this address (?5). The
 * provider's message id is not kept per recipient (decision 245); newest first, each campaign is one lookup
 * of its (campaign, subscriber) key, and a bounce or complaint is about the latest email nearly always.
 */
const LATEST_CAMPAIGN_SENT_TO = `(SELECT c.id FROM email_campaigns c
    WHERE c.seq IS NOT NULL AND EXISTS (
      SELECT 1 FROM email_ledger l
      WHERE l.campaign = c.seq AND l.status = 1
        AND l.subscriber IN (SELECT ${ledgerKey("s.id")} FROM subscribers s WHERE s.email = ?5
                             UNION ALL SELECT 'address:' || ?5))
    ORDER BY c.seq DESC LIMIT 1)`;

export async function recordMailEvent(db: Db, event: MailEvent, now: Date): Promise<{ duplicate: boolean }> {
  const d1 = db.$client;
  const email = event.email.trim().toLowerCase();
  const nowIso = now.toISOString();
  if (event.type === "delivered") {
    // A delivery ends a run of soft bounces; it needs no idempotency (repeating it resets again).
    await d1.prepare("DELETE FROM email_soft_bounce_streaks WHERE email = ?1").bind(email).run();
    return { duplicate: false };
  }
  const rowId = crypto.randomUUID();
  const isNew = "EXISTS (SELECT 1 FROM email_webhook_events WHERE id = ?1)";
  const statements = [
    d1
      .prepare(
        `INSERT INTO email_webhook_events (id, provider, event_id, type, email, campaign_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5,
                 ${LATEST_CAMPAIGN_SENT_TO}, ?6)
         ON CONFLICT (provider, event_id) DO NOTHING`,
      )
      .bind(rowId, event.provider, event.eventId, event.type, email, nowIso),
  ];
  if (event.type === "soft_bounce") {
    statements.push(
      d1
        .prepare(
          `INSERT INTO email_soft_bounce_streaks (email, count, updated_at) SELECT ?2, 1, ?3 WHERE ${isNew}
           ON CONFLICT (email) DO UPDATE SET count = count + 1, updated_at = excluded.updated_at`,
        )
        .bind(rowId, email, nowIso),
    );
  }
  const suppressWhen =
    event.type === "soft_bounce"
      ? `${isNew} AND (SELECT count FROM email_soft_bounce_streaks WHERE email = ?2) >= ${SOFT_BOUNCE_LIMIT}`
      : isNew;
  statements.push(
    // A complaint outranks a bounce already on the list: it is what decides whether coming back needs consent.
    d1
      .prepare(
        `INSERT INTO email_suppressions (id, email, reason, provider_event_id, created_at)
         SELECT lower(hex(randomblob(16))), ?2, ?3, ?4, ?5 WHERE ${suppressWhen}
         ON CONFLICT (email) DO UPDATE SET reason = excluded.reason, provider_event_id = excluded.provider_event_id,
           created_at = excluded.created_at
         WHERE excluded.reason = 'complaint' AND email_suppressions.reason <> 'complaint'`,
      )
      .bind(rowId, email, event.type, event.eventId, nowIso),
  );
  if (event.type === "complaint") {
    // A complaint also unsubscribes: coming back needs the owner's confirmation.
    statements.push(
      d1
        .prepare(
          `UPDATE subscribers SET active = 0, unsubscribed_at = ?3, updated_at = ?3
           WHERE email = ?2 AND active = 1 AND ${isNew}`,
        )
        .bind(rowId, email, nowIso),
    );
  }
  const [inserted] = await d1.batch(statements);
  return { duplicate: (inserted?.meta.changes ?? 0) === 0 };
}

const LIST_LIMIT = 50;

/** Counts by reason, and the newest entries (matching `search` anywhere in the address). */
export async function listSuppressions(db: Db, search: string | undefined): Promise<SuppressionList> {
  const counted = await db.all<{ reason: SuppressionReason; n: number }>(
    sql`SELECT reason, count(*) AS n FROM email_suppressions GROUP BY reason`,
  );
  const counts: Record<SuppressionReason, number> = { hard_bounce: 0, complaint: 0, soft_bounce: 0 };
  for (const r of counted) counts[r.reason] = r.n;
  const needle = search?.trim().toLowerCase();
  const items = await db.all<SuppressionRow>(
    needle
      ? sql`SELECT id, email, reason, created_at FROM email_suppressions WHERE ${containsText(sql`email`, needle)} ORDER BY created_at DESC LIMIT ${LIST_LIMIT}`
      : sql`SELECT id, email, reason, created_at FROM email_suppressions ORDER BY created_at DESC LIMIT ${LIST_LIMIT}`,
  );
  return { counts, total: counts.hard_bounce + counts.complaint + counts.soft_bounce, items };
}

/** Removes an address from the list (and its soft-bounce streak); false when it was not there. */
export async function removeSuppression(db: Db, id: string): Promise<boolean> {
  const [removed] = await db.all<{ email: string }>(
    sql`DELETE FROM email_suppressions WHERE id = ${id} RETURNING email`,
  );
  if (!removed) return false;
  await db.run(sql`DELETE FROM email_soft_bounce_streaks WHERE email = ${removed.email}`);
  return true;
}

/** The suppression reason of an address, if it is on the list. */
export async function suppressionOf(db: Db, email: string): Promise<SuppressionReason | null> {
  const [row] = await db.all<{ reason: SuppressionReason }>(
    sql`SELECT reason FROM email_suppressions WHERE email = ${email.trim().toLowerCase()} LIMIT 1`,
  );
  return row?.reason ?? null;
}

/**
 * Complaints about the newest completed weekly campaign per message sent in it, for the security
 * scan (Gmail's bulk-sender limit is 0.3 %; we warn above 0.1 %).
 */
export async function lastCampaignComplaintRate(
  db: Db,
): Promise<{ campaignId: string; sent: number; complaints: number; rate: number } | null> {
  const [row] = await db.all<{ id: string; sent: number; complaints: number }>(sql`
    SELECT c.id, c.sent_count AS sent,
           (SELECT count(*) FROM email_webhook_events e WHERE e.campaign_id = c.id AND e.type = 'complaint') AS complaints
    FROM email_campaigns c
    WHERE c.kind = 'weekly' AND c.sent_count > 0
    ORDER BY c.created_at DESC LIMIT 1`);
  if (!row) return null;
  return { campaignId: row.id, sent: row.sent, complaints: row.complaints, rate: row.complaints / row.sent };
}
