-- Subscribers admin (issue 16): the list is ordered newest first and filtered by status, ZIP prefix
-- and a name/email prefix; each filter reads an index, and keyset pagination walks (subscribed_at, id).
CREATE INDEX `subscribers_subscribed_idx` ON `subscribers` (`subscribed_at`,`id`);--> statement-breakpoint
CREATE INDEX `subscribers_active_subscribed_idx` ON `subscribers` (`active`,`subscribed_at`,`id`);--> statement-breakpoint
CREATE INDEX `subscribers_zip_idx` ON `subscribers` (`zip_code`);--> statement-breakpoint
CREATE INDEX `subscribers_first_name_idx` ON `subscribers` (lower(`first_name`));--> statement-breakpoint
CREATE INDEX `subscribers_unsubscribed_idx` ON `subscribers` (`unsubscribed_at`) WHERE `unsubscribed_at` IS NOT NULL;--> statement-breakpoint
-- A person's email history (and "last weekly email received" per list row) without scanning the ledger.
CREATE INDEX `email_deliveries_subscriber_idx` ON `email_deliveries` (`subscriber_id`,`updated_at`);--> statement-breakpoint
-- Addresses whose subscriber data was deleted on request: only a SHA-256 of the case-folded address,
-- so signup can refuse to add them back by mistake without keeping the address itself.
CREATE TABLE `deleted_subscriber_hashes` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);--> statement-breakpoint
-- Contact inbox states.
ALTER TABLE `contact_messages` ADD `status` text DEFAULT 'unread' NOT NULL;--> statement-breakpoint
CREATE INDEX `contact_messages_status_created_idx` ON `contact_messages` (`status`,`created_at`);
