import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, isoNow, json, updatedAt } from "./columns";
import { tips, weeklyActions } from "./content";

export const subscribers = sqliteTable(
  "subscribers",
  {
    id: id(),
    /** Trimmed and lower-cased before insert, so the unique key is case-folded. */
    email: text("email").notNull().unique(),
    firstName: text("first_name").notNull(),
    zipCode: text("zip_code"),
    active: bool("active").notNull().default(true),
    subscribedAt: text("subscribed_at").notNull().default(isoNow),
    unsubscribedAt: text("unsubscribed_at"),
    /** 256-bit random token for the manage/unsubscribe link. */
    manageToken: text("manage_token").notNull().unique(),
    lastWelcomeSentAt: text("last_welcome_sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("subscribers_active_idx").on(t.active, t.id),
    // The admin list (migration 0008): newest first, by status, by ZIP prefix, by name prefix.
    index("subscribers_subscribed_idx").on(t.subscribedAt, t.id),
    index("subscribers_active_subscribed_idx").on(t.active, t.subscribedAt, t.id),
    index("subscribers_zip_idx").on(t.zipCode),
    index("subscribers_first_name_idx").on(sql`lower(${t.firstName})`),
    index("subscribers_unsubscribed_idx").on(t.unsubscribedAt).where(sql`unsubscribed_at IS NOT NULL`),
  ],
);

/**
 * Addresses whose subscriber data was deleted on request (the unsubscribe page, or an admin acting on
 * a request): a SHA-256 of the case-folded address only, so signup refuses to add them back by mistake.
 */
export const deletedSubscriberHashes = sqliteTable("deleted_subscriber_hashes", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: createdAt(),
});

export const emailCampaigns = sqliteTable(
  "email_campaigns",
  {
    id: id(),
    actionId: text("action_id").references(() => weeklyActions.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["weekly", "test", "welcome_test"] }).notNull(),
    status: text("status", { enum: ["pending", "sending", "completed", "failed"] })
      .notNull()
      .default("pending"),
    totalRecipients: integer("total_recipients").notNull().default(0),
    triggeredBy: text("triggered_by"),
    error: text("error"),
    createdAt: createdAt(),
    completedAt: text("completed_at"),
    /** Keyset cursor of the recipient fan-out (last subscriber id enqueued); null before the first page. */
    fanoutCursor: text("fanout_cursor"),
    /** Set when the last page of recipients has been enqueued: `total_recipients` is final from then on. */
    fanoutDoneAt: text("fanout_done_at"),
    /** Outcome counters, kept by triggers on email_deliveries (migration 0002) so they never drift from the ledger. */
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
  },
  (t) => [
    // One weekly campaign per action: the guard that makes "send" idempotent.
    uniqueIndex("email_campaigns_weekly_action_idx").on(t.actionId).where(sql`kind = 'weekly'`),
    index("email_campaigns_created_idx").on(t.createdAt),
  ],
);

/** The send ledger: written before the provider call, so a retry never sends twice. */
export const emailDeliveries = sqliteTable(
  "email_deliveries",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    subscriberId: text("subscriber_id").notNull(),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** Lease of the consumer sending this row: a duplicate queue message cannot claim it meanwhile. */
    claimedUntil: text("claimed_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("email_deliveries_campaign_subscriber_idx").on(t.campaignId, t.subscriberId),
    index("email_deliveries_campaign_status_idx").on(t.campaignId, t.status),
    index("email_deliveries_subscriber_idx").on(t.subscriberId, t.updatedAt),
  ],
);

/** Messages stored by the `outbox` mail provider, read at /dev/mailbox. */
export const outboxMessages = sqliteTable(
  "outbox_messages",
  {
    id: id(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: json<Record<string, string>>("headers").notNull().default(sql`'{}'`),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_messages_created_idx").on(t.createdAt), index("outbox_messages_to_idx").on(t.to)],
);

/** The tip a weekly campaign carries: chosen once per campaign (primary key), so retries agree. */
export const campaignTips = sqliteTable(
  "campaign_tips",
  {
    campaignId: text("campaign_id")
      .primaryKey()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    tipId: text("tip_id")
      .notNull()
      .references(() => tips.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("campaign_tips_tip_idx").on(t.tipId)],
);
