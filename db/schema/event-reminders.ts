import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#contract/i18n/locales";
import { createdAt, id, updatedAt } from "./columns";

/**
 * "Remind me" on an event (decision 253, migration 0029): one row per event and address. `pending` until its owner
 * confirms by email (a signed-in member with a verified address starts `active`); `active` until the person
 * cancels (`cancelled`) or the event is cancelled (`event_cancelled`, after a notice). `event_start_at` is the start
 * the reminder was set for: when the event's start moves, the cron sends a notice and sets it again.
 */
export const eventReminders = sqliteTable(
  "event_reminders",
  {
    id: id(),
    /** No foreign key: an event deleted by retention or a moderator leaves its reminders to say so (a notice). */
    eventId: text("event_id").notNull(),
    /** Lower case. */
    email: text("email").notNull(),
    /** The member who asked while signed in, if any. */
    userId: text("user_id"),
    status: text("status", { enum: ["pending", "active", "cancelled", "event_cancelled"] })
      .notNull()
      .default("pending"),
    /** SHA-256 of the link's token (confirm, cancel): the lookup key (decision 214). */
    tokenHash: text("token_hash").notNull(),
    /** The token sealed under JWT_SECRET, opened to build each email's links. */
    tokenSealed: text("token_sealed").notNull(),
    /** The title when the reminder was asked for: what a notice names if the event is gone. */
    eventTitle: text("event_title").notNull(),
    eventStartAt: text("event_start_at").notNull(),
    /** When the reminder is due; null once it is queued, or while pending. */
    dueAt: text("due_at"),
    confirmSentAt: text("confirm_sent_at"),
    confirmSends: integer("confirm_sends").notNull().default(0),
    confirmedAt: text("confirmed_at"),
    cancelledAt: text("cancelled_at"),
    /** The language of the page it was asked from: its emails' and their links' (migration 0033, decision 273). */
    locale: text("locale", { enum: LOCALES }).notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("event_reminders_event_email_unique").on(t.eventId, t.email),
    uniqueIndex("event_reminders_token_hash_unique").on(t.tokenHash),
    index("event_reminders_active_idx").on(t.dueAt, t.eventId).where(sql`${t.status} = 'active'`),
    index("event_reminders_email_idx").on(t.email, t.confirmSentAt),
  ],
);

/**
 * Every email about a reminder, once (decision 253): `send_key` names the logical message — the reminder for one
 * start time, the notice of one change, one confirmation request — so a tick or a queue message that comes twice
 * finds it taken. The consumer claims a row (`queued` → `sending`) before it sends.
 */
export const eventReminderMails = sqliteTable(
  "event_reminder_mails",
  {
    id: id(),
    reminderId: text("reminder_id")
      .notNull()
      .references(() => eventReminders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["confirm", "reminder", "cancelled", "moved"] }).notNull(),
    sendKey: text("send_key").notNull(),
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "skipped"] })
      .notNull()
      .default("queued"),
    /** The start the email speaks of (a moved event's new start). */
    eventStartAt: text("event_start_at").notNull(),
    previousStartAt: text("previous_start_at"),
    /** When it was last put on the queue: the cron's sweep enqueues a row again when its message was lost. */
    queuedAt: text("queued_at").notNull(),
    claimedAt: text("claimed_at"),
    sentAt: text("sent_at"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("event_reminder_mails_send_key_unique").on(t.sendKey),
    index("event_reminder_mails_reminder_idx").on(t.reminderId),
    index("event_reminder_mails_queued_idx").on(t.queuedAt).where(sql`${t.status} IN ('queued', 'sending')`),
  ],
);
