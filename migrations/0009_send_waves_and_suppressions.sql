-- Issue 12: the weekly email at 09:00 in each subscriber's own zone (waves), and mail suppression.
ALTER TABLE `zip_codes` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `time_zone` text;--> statement-breakpoint
-- Existing subscribers take their ZIP's zone; those without one get SITE_TIMEZONE when a campaign opens.
UPDATE `subscribers` SET `time_zone` = (SELECT z.`time_zone` FROM `zip_codes` z WHERE z.`zip` = substr(`subscribers`.`zip_code`, 1, 5))
WHERE `zip_code` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `subscribers_active_zone_idx` ON `subscribers` (`active`,`time_zone`,`id`);--> statement-breakpoint
ALTER TABLE `email_campaigns` ADD `send_day` text;--> statement-breakpoint
CREATE TABLE `email_campaign_waves` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`time_zone` text NOT NULL,
	`due_at` text NOT NULL,
	`day_ends_at` text NOT NULL,
	`total_recipients` integer DEFAULT 0 NOT NULL,
	`sent_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`fanout_cursor` text,
	`fanout_done_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `email_campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_campaign_waves_campaign_zone_idx` ON `email_campaign_waves` (`campaign_id`,`time_zone`);--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `wave_id` text;--> statement-breakpoint
-- Bounce and complaint webhooks name the provider's message id: it leads to the campaign.
CREATE INDEX `email_deliveries_provider_message_idx` ON `email_deliveries` (`provider_message_id`);--> statement-breakpoint
-- Counters now also follow each wave, and 'suppressed' (no mail to a suppressed address) counts as skipped.
DROP TRIGGER `email_deliveries_count_insert`;--> statement-breakpoint
DROP TRIGGER `email_deliveries_count_update`;--> statement-breakpoint
CREATE TRIGGER `email_deliveries_count_insert`
AFTER INSERT ON `email_deliveries`
WHEN NEW.`status` <> 'pending'
BEGIN
  UPDATE `email_campaigns`
  SET `sent_count` = `sent_count` + (NEW.`status` = 'sent'),
      `failed_count` = `failed_count` + (NEW.`status` = 'failed'),
      `skipped_count` = `skipped_count` + (NEW.`status` IN ('skipped', 'suppressed'))
  WHERE `id` = NEW.`campaign_id`;
  UPDATE `email_campaign_waves`
  SET `sent_count` = `sent_count` + (NEW.`status` = 'sent'),
      `failed_count` = `failed_count` + (NEW.`status` = 'failed'),
      `skipped_count` = `skipped_count` + (NEW.`status` IN ('skipped', 'suppressed'))
  WHERE `id` = NEW.`wave_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `email_deliveries_count_update`
AFTER UPDATE OF `status` ON `email_deliveries`
WHEN OLD.`status` = 'pending' AND NEW.`status` <> 'pending'
BEGIN
  UPDATE `email_campaigns`
  SET `sent_count` = `sent_count` + (NEW.`status` = 'sent'),
      `failed_count` = `failed_count` + (NEW.`status` = 'failed'),
      `skipped_count` = `skipped_count` + (NEW.`status` IN ('skipped', 'suppressed'))
  WHERE `id` = NEW.`campaign_id`;
  UPDATE `email_campaign_waves`
  SET `sent_count` = `sent_count` + (NEW.`status` = 'sent'),
      `failed_count` = `failed_count` + (NEW.`status` = 'failed'),
      `skipped_count` = `skipped_count` + (NEW.`status` IN ('skipped', 'suppressed'))
  WHERE `id` = NEW.`wave_id`;
END;
--> statement-breakpoint
-- Recipients are counted as their ledger rows are written (the fan-out writes them before it enqueues
-- anything), so a total can never count someone twice, however fan-out pages and late joiners overlap.
CREATE TRIGGER `email_deliveries_count_total`
AFTER INSERT ON `email_deliveries`
BEGIN
  UPDATE `email_campaigns` SET `total_recipients` = `total_recipients` + 1 WHERE `id` = NEW.`campaign_id`;
  UPDATE `email_campaign_waves` SET `total_recipients` = `total_recipients` + 1 WHERE `id` = NEW.`wave_id`;
END;
--> statement-breakpoint
CREATE TABLE `email_suppressions` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`reason` text NOT NULL,
	`provider_event_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_suppressions_email_unique` ON `email_suppressions` (`email`);--> statement-breakpoint
CREATE INDEX `email_suppressions_reason_idx` ON `email_suppressions` (`reason`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`email` text NOT NULL,
	`campaign_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_webhook_events_provider_event_idx` ON `email_webhook_events` (`provider`,`event_id`);--> statement-breakpoint
CREATE INDEX `email_webhook_events_campaign_type_idx` ON `email_webhook_events` (`campaign_id`,`type`);--> statement-breakpoint
CREATE TABLE `email_soft_bounce_streaks` (
	`email` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscription_reconfirmations` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`subscriber_id` text NOT NULL,
	`first_name` text NOT NULL,
	`zip_code` text,
	`time_zone` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`subscriber_id`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscription_reconfirmations_subscriber_idx` ON `subscription_reconfirmations` (`subscriber_id`,`created_at`);
