import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#contract/i18n/locales";
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
    /** IANA zone of the ZIP (or SITE_TIMEZONE), stored when the ZIP is set: the weekly send's wave. */
    timeZone: text("time_zone"),
    active: bool("active").notNull().default(true),
    subscribedAt: text("subscribed_at").notNull().default(isoNow),
    unsubscribedAt: text("unsubscribed_at"),
    /**
     * The manage/unsubscribe link's 256-bit token, never stored as it is (decision 214): its SHA-256 (hex), the
     * lookup key. Rows from before migration 0025 hold the plaintext (43 base64url characters) until the
     * scheduled backfill replaces it.
     */
    manageTokenHash: text("manage_token_hash").notNull().unique(),
    /** The same token AES-GCM-sealed under a key derived from JWT_SECRET: the emails open it to build the links. */
    manageTokenSealed: text("manage_token_sealed"),
    lastWelcomeSentAt: text("last_welcome_sent_at"),
    /**
     * Double opt-in (decision 182): null while a new signup is pending (then `active` is false); set when
     * the person confirms on the confirmation page (or resubscribes from their own manage link). Rows from
     * before migration 0015 got their subscription time.
     */
    confirmedAt: text("confirmed_at"),
    /** The consent evidence of the latest confirmation: CF-Connecting-IP and user agent (null before 0014). */
    consentIp: text("consent_ip"),
    consentUserAgent: text("consent_user_agent"),
    /** The language every email to this person is written in (migration 0031, decision 270). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
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
    // The weekly send's waves (migration 0009): active subscribers by their zone.
    index("subscribers_active_zone_idx").on(t.active, t.timeZone, t.id),
    // Pending signups (migration 0015): the admin's pending count and the daily expiry.
    index("subscribers_pending_idx").on(t.active, t.subscribedAt).where(sql`confirmed_at IS NULL`),
    // Rows the manage-token backfill has still to reach (migration 0025).
    index("subscribers_manage_token_unsealed_idx").on(t.id).where(sql`manage_token_sealed IS NULL`),
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
    /** The Monday (or start date) a scheduled campaign is sent on, in waves per zone; null = all at once. */
    sendDay: text("send_day"),
    /** The campaign's small number in the ledger's key, set by a trigger on insert (migration 0026). */
    seq: integer("seq").unique("email_campaigns_seq_idx"),
  },
  (t) => [
    // One weekly campaign per action: the guard that makes "send" idempotent.
    uniqueIndex("email_campaigns_weekly_action_idx").on(t.actionId).where(sql`kind = 'weekly'`),
    index("email_campaigns_created_idx").on(t.createdAt),
  ],
);

/**
 * One wave of a scheduled weekly campaign: the subscribers of one time zone, due at 09:00 there on the
 * send day. Its own fan-out cursor and counters (kept by the ledger triggers, migration 0005).
 */
export const emailCampaignWaves = sqliteTable(
  "email_campaign_waves",
  {
    id: id(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: "cascade" }),
    timeZone: text("time_zone").notNull(),
    dueAt: text("due_at").notNull(),
    /** Midnight after the send day in this zone: late joiners are added until then. */
    dayEndsAt: text("day_ends_at").notNull(),
    totalRecipients: integer("total_recipients").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    fanoutCursor: text("fanout_cursor"),
    fanoutDoneAt: text("fanout_done_at"),
    createdAt: createdAt(),
    /** The wave's small number in the ledger rows (migration 0026). */
    seq: integer("seq").unique("email_campaign_waves_seq_idx"),
  },
  (t) => [uniqueIndex("email_campaign_waves_campaign_zone_idx").on(t.campaignId, t.timeZone)],
);

/**
 * The send ledger (decision 245): one WITHOUT ROWID row per (campaign number, subscriber key), written
 * before the provider call, so a retry never sends twice. `subscriber` is the subscriber's UUID as its 16
 * bytes (any other id as text, e.g. a test send's `address:…`); status 0 pending, 1 sent, 2 failed,
 * 3 skipped, 4 suppressed; `at` the last change in Unix seconds. Migration 0026 has the triggers that keep
 * the campaign's and wave's totals. drizzle has no WITHOUT ROWID: the migration is the source of truth.
 */
export const emailLedger = sqliteTable(
  "email_ledger",
  {
    campaign: integer("campaign")
      .notNull()
      .references(() => emailCampaigns.seq, { onDelete: "cascade" }),
    subscriber: blob("subscriber").notNull(),
    wave: integer("wave"),
    status: integer("status").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    /** Lease of the consumer sending this row: a duplicate queue message cannot claim it meanwhile. */
    claimedUntil: text("claimed_until"),
    /** The provider request this row went out in, while its answer is unsettled (decision 198). */
    sendKey: text("send_key"),
    at: integer("at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaign, t.subscriber] }),
    index("email_ledger_pending_idx").on(t.campaign, t.at).where(sql`status = 0`),
  ],
);

/** Why a ledger row failed or is held (rare: most rows have no reason to keep). */
export const emailLedgerNotes = sqliteTable(
  "email_ledger_notes",
  {
    campaign: integer("campaign").notNull(),
    subscriber: blob("subscriber").notNull(),
    error: text("error").notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaign, t.subscriber] })],
);

/**
 * A read-only VIEW over the ledger in its pre-0026 shape (id is `campaign id/subscriber id`, the address
 * the subscriber's, provider_message_id always NULL), for tests and scripts; an INSTEAD OF INSERT trigger
 * takes fixture rows. Declared as a table because drizzle's views cannot be inserted into. The Worker's
 * own queries use `email_ledger` by its key (worker/features/email/ledger-sql.ts).
 */
export const emailDeliveries = sqliteTable("email_deliveries", {
  /** Computed by the view; a fixture's insert needs none. */
  id: text("id"),
  campaignId: text("campaign_id").notNull(),
  subscriberId: text("subscriber_id").notNull(),
  waveId: text("wave_id"),
  email: text("email").notNull(),
  status: text("status", { enum: ["pending", "sent", "failed", "skipped", "suppressed"] })
    .notNull()
    .default("pending"),
  providerMessageId: text("provider_message_id"),
  error: text("error"),
  attempts: integer("attempts").notNull().default(0),
  claimedUntil: text("claimed_until"),
  sendKey: text("send_key"),
  createdAt: text("created_at"),
  updatedAt: text("updated_at"),
});

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

/**
 * Addresses no mail of any kind goes to: hard bounces, spam complaints, repeated soft bounces
 * (provider webhooks) — one row per case-folded address, removable by an admin.
 */
export const emailSuppressions = sqliteTable(
  "email_suppressions",
  {
    id: id(),
    email: text("email").notNull().unique(),
    reason: text("reason", { enum: ["hard_bounce", "complaint", "soft_bounce"] }).notNull(),
    providerEventId: text("provider_event_id"),
    createdAt: createdAt(),
  },
  (t) => [index("email_suppressions_reason_idx").on(t.reason, t.createdAt)],
);

/** Provider webhook events already handled (idempotency per provider event id) and the complaint rate. */
export const emailWebhookEvents = sqliteTable(
  "email_webhook_events",
  {
    id: id(),
    provider: text("provider", { enum: ["resend", "postmark"] }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type", { enum: ["hard_bounce", "soft_bounce", "complaint"] }).notNull(),
    email: text("email").notNull(),
    campaignId: text("campaign_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_webhook_events_provider_event_idx").on(t.provider, t.eventId),
    index("email_webhook_events_campaign_type_idx").on(t.campaignId, t.type),
  ],
);

/** Soft bounces in a row per address; a delivery resets it, the third suppresses. */
export const emailSoftBounceStreaks = sqliteTable("email_soft_bounce_streaks", {
  email: text("email").primaryKey(),
  count: integer("count").notNull().default(0),
  updatedAt: updatedAt(),
});

/** "Confirm you want the weekly email again": a returning address is activated only through this. */
export const subscriptionReconfirmations = sqliteTable(
  "subscription_reconfirmations",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    zipCode: text("zip_code"),
    timeZone: text("time_zone"),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("subscription_reconfirmations_subscriber_idx").on(t.subscriberId, t.createdAt)],
);
