-- Issue 45 item 4 (decision 250): exports run in the background. A job is one person's export (the admin's
-- subscriber CSV, or a member's own data as JSON); the export queue runs it one step per invocation, each step
-- reading a bounded number of keyset pages and writing one part to R2 (exports/<job id>/…). `step` is the next
-- step to run and `cursor` where it starts: a queue message names its step, so a duplicate or late one finds the
-- step already done and changes nothing. `lease` is the invocation running the step (a crashed one's lease runs
-- out); `parts` lists the R2 keys of the committed steps in order, so only a committed part is ever served.
-- `invocations`, `queries_total` and `queries_max` are what the steps cost in D1 (counted where D1_LIMITS=enforce).
CREATE TABLE `export_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL CHECK (`kind` IN ('subscribers', 'my_data')),
	`user_id` text NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`params` text DEFAULT '{}' NOT NULL,
	`filename` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL CHECK (`status` IN ('pending', 'ready', 'failed')),
	`step` integer DEFAULT 0 NOT NULL,
	`cursor` text,
	`rows` integer DEFAULT 0 NOT NULL,
	`parts` text DEFAULT '[]' NOT NULL,
	`lease` text,
	`lease_until` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`invocations` integer DEFAULT 0 NOT NULL,
	`queries_total` integer DEFAULT 0 NOT NULL,
	`queries_max` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`completed_at` text,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `export_jobs_user_idx` ON `export_jobs` (`user_id`, `kind`, `created_at`);
--> statement-breakpoint
CREATE INDEX `export_jobs_status_idx` ON `export_jobs` (`status`, `updated_at`);
--> statement-breakpoint
CREATE INDEX `export_jobs_expires_idx` ON `export_jobs` (`expires_at`);
