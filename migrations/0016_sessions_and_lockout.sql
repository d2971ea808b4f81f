-- Issue 26: sessions people can see and end, no forks on refresh, idle sessions, lockout per client.
-- A session remembers when it was last refreshed (written at most every few minutes) and the browser
-- family it was opened from ("Firefox", parsed from the User-Agent: never the whole string).
ALTER TABLE `sessions` ADD `last_used_at` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `browser` text;--> statement-breakpoint
UPDATE `sessions` SET `last_used_at` = `created_at` WHERE `last_used_at` IS NULL;--> statement-breakpoint
-- The session a sign-in link opened: the verify batch claims the link with it, and every other statement
-- of that batch runs only if the claim is its own (decision 191).
ALTER TABLE `magic_link_tokens` ADD `session_id` text;--> statement-breakpoint
-- Failed passwords lock an (email, client) pair, not the email (decision 192). The counters are short-lived
-- state (forgotten after an hour), so the table is rebuilt empty rather than copied.
DROP TABLE `password_throttle`;--> statement-breakpoint
CREATE TABLE `password_throttle` (
	`email` text NOT NULL,
	`client` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY (`email`, `client`)
);--> statement-breakpoint
CREATE INDEX `password_throttle_updated_idx` ON `password_throttle` (`updated_at`);--> statement-breakpoint
-- The daily pruning of ended sessions reads them by age.
CREATE INDEX `sessions_created_idx` ON `sessions` (`created_at`);
