ALTER TABLE `email_campaigns` ADD `fanout_cursor` text;--> statement-breakpoint
ALTER TABLE `email_campaigns` ADD `fanout_done_at` text;--> statement-breakpoint
ALTER TABLE `email_campaigns` ADD `sent_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_campaigns` ADD `failed_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_campaigns` ADD `skipped_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `claimed_until` text;--> statement-breakpoint
-- Campaign counters follow the ledger inside the same transaction as each ledger write, so the
-- "is the campaign complete?" check is one row read instead of a count over every delivery.
-- Only pending -> outcome transitions count; the code never moves a row out of an outcome.
CREATE TRIGGER `email_deliveries_count_insert`
AFTER INSERT ON `email_deliveries`
WHEN NEW.`status` <> 'pending'
BEGIN
  UPDATE `email_campaigns`
  SET `sent_count` = `sent_count` + (NEW.`status` = 'sent'),
      `failed_count` = `failed_count` + (NEW.`status` = 'failed'),
      `skipped_count` = `skipped_count` + (NEW.`status` = 'skipped')
  WHERE `id` = NEW.`campaign_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `email_deliveries_count_update`
AFTER UPDATE OF `status` ON `email_deliveries`
WHEN OLD.`status` = 'pending' AND NEW.`status` <> 'pending'
BEGIN
  UPDATE `email_campaigns`
  SET `sent_count` = `sent_count` + (NEW.`status` = 'sent'),
      `failed_count` = `failed_count` + (NEW.`status` = 'failed'),
      `skipped_count` = `skipped_count` + (NEW.`status` = 'skipped')
  WHERE `id` = NEW.`campaign_id`;
END;
