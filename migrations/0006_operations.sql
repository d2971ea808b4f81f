-- Operations (issue 17). One row per alert kind + subject + site day: raising it again the same day
-- only bumps `count` and `last_seen_at` (the unique index makes the upsert the de-duplication).
CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`day` text NOT NULL,
	`details` text NOT NULL,
	`count` integer DEFAULT 1 NOT NULL,
	`first_seen_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	`emailed_at` text,
	`acknowledged_at` text,
	`acknowledged_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alerts_kind_subject_day_idx` ON `alerts` (`kind`,`subject`,`day`);--> statement-breakpoint
CREATE INDEX `alerts_open_idx` ON `alerts` (`acknowledged_at`,`last_seen_at`);--> statement-breakpoint
-- 5xx responses per UTC hour ('2026-11-23T09'): one upsert per server error, read by the cron's rate check.
CREATE TABLE `error_counts` (
	`hour` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Small operational facts the status page and the checks need between cron ticks (last tick,
-- campaign progress snapshots); JSON values, one row per key.
CREATE TABLE `ops_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text NOT NULL
);
