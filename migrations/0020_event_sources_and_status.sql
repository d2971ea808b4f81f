-- Issue 28 items 3–5 (decisions 199, 200, 201).
-- 199: a copy of an event already listed from another source is kept (its source still updates it) but hidden:
-- status 'merged', `merged_into` naming the listing it belongs to. The listing's sources are it and its copies.
ALTER TABLE `events` ADD `merged_into` text;--> statement-breakpoint
CREATE INDEX `events_merged_into_idx` ON `events` (`merged_into`) WHERE `merged_into` IS NOT NULL;--> statement-breakpoint
-- 200: when its source last listed the event; a complete read that no longer lists an upcoming one cancels it.
-- Existing rows were last confirmed at their last write at the latest.
ALTER TABLE `events` ADD `last_confirmed_at` text;--> statement-breakpoint
-- 'source' when its source cancelled or dropped it (it comes back if listed again); NULL for anyone else's.
ALTER TABLE `events` ADD `cancelled_by` text;--> statement-breakpoint
UPDATE `events` SET `last_confirmed_at` = `updated_at`;--> statement-breakpoint
-- 201: `image_url` is now our origin's copy (/media/events/…); the remote picture a source or organiser gave is
-- `image_source_url`, fetched once (`image_checked_url`: the address last fetched, stored or refused).
ALTER TABLE `events` ADD `image_source_url` text;--> statement-breakpoint
ALTER TABLE `events` ADD `image_checked_url` text;--> statement-breakpoint
UPDATE `events` SET `image_source_url` = `image_url`, `image_url` = NULL WHERE `image_url` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `events_pictures_due_idx` ON `events` (`id`)
WHERE `image_source_url` IS NOT NULL AND (`image_checked_url` IS NULL OR `image_checked_url` <> `image_source_url`);
