-- Issue 40 item 6 (decision 214): manage tokens are no longer stored as they are. `manage_token_hash` holds the
-- token's SHA-256 (the lookup key, still NOT NULL UNIQUE) and `manage_token_sealed` the token AES-GCM-sealed under
-- a key derived from JWT_SECRET (the emails open it). SQL has no SHA-256, so existing rows keep their plaintext in
-- `manage_token_hash` (43 base64url characters) with no box until the scheduled Worker backfills them in pages;
-- until then a lookup also accepts a 43-character token as it is.
ALTER TABLE `subscribers` RENAME COLUMN `manage_token` TO `manage_token_hash`;--> statement-breakpoint
DROP INDEX `subscribers_manage_token_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_manage_token_hash_unique` ON `subscribers` (`manage_token_hash`);--> statement-breakpoint
ALTER TABLE `subscribers` ADD `manage_token_sealed` text;--> statement-breakpoint
-- The rows the backfill has still to reach: empty once it is done, so each tick's look costs nothing.
CREATE INDEX `subscribers_manage_token_unsealed_idx` ON `subscribers` (`id`) WHERE `manage_token_sealed` IS NULL;
