-- Issue 47 item 1 (decision 253): "Remind me" on events. One row per (event, address): pending until its owner
-- confirms by email (a signed-in member with a verified address is active at once), then active until the reminder
-- goes, the person cancels, or the event is cancelled. The link's token is stored as its SHA-256 and sealed for the
-- emails (decision 214), never as it is.
CREATE TABLE `event_reminders` (
  `id` text PRIMARY KEY NOT NULL,
  `event_id` text NOT NULL,
  `email` text NOT NULL,
  `user_id` text,
  `status` text DEFAULT 'pending' NOT NULL,
  `token_hash` text NOT NULL,
  `token_sealed` text NOT NULL,
  `event_title` text NOT NULL,
  `event_start_at` text NOT NULL,
  `due_at` text,
  `confirm_sent_at` text,
  `confirm_sends` integer DEFAULT 0 NOT NULL,
  `confirmed_at` text,
  `cancelled_at` text,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
  `updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `event_reminders_event_email_unique` ON `event_reminders` (`event_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_reminders_token_hash_unique` ON `event_reminders` (`token_hash`);--> statement-breakpoint
-- What the cron reads each tick: the active reminders (due ones, and those whose event changed).
CREATE INDEX `event_reminders_active_idx` ON `event_reminders` (`due_at`,`event_id`) WHERE `status` = 'active';--> statement-breakpoint
CREATE INDEX `event_reminders_email_idx` ON `event_reminders` (`email`,`confirm_sent_at`);--> statement-breakpoint
-- Every email about a reminder, once: `send_key` names the logical message (the reminder for one start time, the
-- notice of one change, one confirmation request), so a cron tick or a queue message that comes twice finds it taken.
CREATE TABLE `event_reminder_mails` (
  `id` text PRIMARY KEY NOT NULL,
  `reminder_id` text NOT NULL REFERENCES `event_reminders`(`id`) ON DELETE CASCADE,
  `kind` text NOT NULL,
  `send_key` text NOT NULL,
  `status` text DEFAULT 'queued' NOT NULL,
  `event_start_at` text NOT NULL,
  `previous_start_at` text,
  `queued_at` text NOT NULL,
  `claimed_at` text,
  `sent_at` text,
  `error` text,
  `created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `event_reminder_mails_send_key_unique` ON `event_reminder_mails` (`send_key`);--> statement-breakpoint
CREATE INDEX `event_reminder_mails_reminder_idx` ON `event_reminder_mails` (`reminder_id`);--> statement-breakpoint
-- The cron's sweep for rows whose queue message was lost.
CREATE INDEX `event_reminder_mails_queued_idx` ON `event_reminder_mails` (`queued_at`) WHERE `status` IN ('queued', 'sending');
