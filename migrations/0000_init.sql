CREATE TABLE `profile_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`changed_by` text,
	`old_role` text,
	`new_role` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `profile_audit_log_created_idx` ON `profile_audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `security_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`action` text NOT NULL,
	`table_name` text,
	`ip_address` text,
	`old_values` text,
	`new_values` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `security_audit_log_created_idx` ON `security_audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `security_audit_log_action_created_idx` ON `security_audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `security_audit_log_user_created_idx` ON `security_audit_log` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `magic_link_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`redirect_to` text,
	`ip_address` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `magic_link_tokens_hash_idx` ON `magic_link_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `magic_link_tokens_email_created_idx` ON `magic_link_tokens` (`email`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_throttle` (
	`email` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`role_changed_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_user_id_unique` ON `profiles` (`user_id`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refresh_tokens_token_hash_unique` ON `refresh_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_session_idx` ON `refresh_tokens` (`session_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`revoked_at` text,
	`revoked_reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`email_verified_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `action_completions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`action_id` text,
	`completed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`notes` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`action_id`) REFERENCES `weekly_actions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `action_completions_user_action_idx` ON `action_completions` (`user_id`,`action_id`);--> statement-breakpoint
CREATE INDEX `action_completions_user_completed_idx` ON `action_completions` (`user_id`,`completed_at`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`message` text,
	`ip_address` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`emailed_at` text
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settings_key_unique` ON `settings` (`key`);--> statement-breakpoint
CREATE TABLE `weekly_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`start_date` text,
	`end_date` text,
	`summary` text DEFAULT '' NOT NULL,
	`why_it_matters` text DEFAULT '' NOT NULL,
	`steps` text DEFAULT '[]' NOT NULL,
	`time_required` text DEFAULT '' NOT NULL,
	`materials` text DEFAULT '[]' NOT NULL,
	`links` text DEFAULT '[]' NOT NULL,
	`image_url` text,
	`cta_label` text DEFAULT 'Do This Week''s Action' NOT NULL,
	`cta_url` text,
	`send_on_publish` integer DEFAULT false NOT NULL,
	`schedule_send` integer DEFAULT true NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`published_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `weekly_actions_slug_idx` ON `weekly_actions` (`slug`);--> statement-breakpoint
CREATE INDEX `weekly_actions_status_dates_idx` ON `weekly_actions` (`status`,`start_date`,`end_date`);--> statement-breakpoint
CREATE INDEX `weekly_actions_start_idx` ON `weekly_actions` (`start_date`);--> statement-breakpoint
CREATE TABLE `email_campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`action_id` text,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`total_recipients` integer DEFAULT 0 NOT NULL,
	`triggered_by` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`action_id`) REFERENCES `weekly_actions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_campaigns_weekly_action_idx` ON `email_campaigns` (`action_id`) WHERE kind = 'weekly';--> statement-breakpoint
CREATE INDEX `email_campaigns_created_idx` ON `email_campaigns` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_message_id` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `email_campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_deliveries_campaign_subscriber_idx` ON `email_deliveries` (`campaign_id`,`subscriber_id`);--> statement-breakpoint
CREATE INDEX `email_deliveries_campaign_status_idx` ON `email_deliveries` (`campaign_id`,`status`);--> statement-breakpoint
CREATE TABLE `outbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`from` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`headers` text DEFAULT '{}' NOT NULL,
	`idempotency_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_messages_idempotency_key_unique` ON `outbox_messages` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_messages_created_idx` ON `outbox_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_messages_to_idx` ON `outbox_messages` (`to`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`zip_code` text,
	`active` integer DEFAULT true NOT NULL,
	`subscribed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`unsubscribed_at` text,
	`manage_token` text NOT NULL,
	`last_welcome_sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_manage_token_unique` ON `subscribers` (`manage_token`);--> statement-breakpoint
CREATE INDEX `subscribers_active_idx` ON `subscribers` (`active`,`id`);--> statement-breakpoint
CREATE TABLE `event_submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`category` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text,
	`address` text,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`postal_code` text,
	`organizer_name` text NOT NULL,
	`organizer_email` text NOT NULL,
	`organizer_url` text,
	`registration_url` text NOT NULL,
	`image_url` text,
	`notes_for_moderator` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`reject_reason` text,
	`reviewed_by` text,
	`reviewed_at` text,
	`event_id` text,
	`ip_address` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `event_submissions_status_created_idx` ON `event_submissions` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`source_key` text NOT NULL,
	`external_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`venue_name` text,
	`address` text,
	`category` text,
	`city` text,
	`state` text,
	`postal_code` text,
	`lat` real,
	`lon` real,
	`start_at_utc` text NOT NULL,
	`end_at_utc` text,
	`all_day` integer DEFAULT false NOT NULL,
	`end_time_unknown` integer DEFAULT false NOT NULL,
	`registration_url` text,
	`image_url` text,
	`is_virtual` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'approved' NOT NULL,
	`content_hash` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_source_external_idx` ON `events` (`source_key`,`external_id`);--> statement-breakpoint
CREATE INDEX `events_status_start_idx` ON `events` (`status`,`start_at_utc`);--> statement-breakpoint
CREATE INDEX `events_lat_lon_idx` ON `events` (`lat`,`lon`);--> statement-breakpoint
CREATE INDEX `events_state_start_idx` ON `events` (`state`,`start_at_utc`);--> statement-breakpoint
CREATE INDEX `events_virtual_start_idx` ON `events` (`is_virtual`,`start_at_utc`);--> statement-breakpoint
CREATE TABLE `ingestion_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`source_key` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`error_message` text,
	`started_at` text NOT NULL,
	`finished_at` text,
	`pages` integer DEFAULT 0 NOT NULL,
	`found` integer DEFAULT 0 NOT NULL,
	`mapped` integer DEFAULT 0 NOT NULL,
	`inserted` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`duplicate_unchanged` integer DEFAULT 0 NOT NULL,
	`skipped_past` integer DEFAULT 0 NOT NULL,
	`skipped_invalid_datetime` integer DEFAULT 0 NOT NULL,
	`skipped_missing_required` integer DEFAULT 0 NOT NULL,
	`failed_db_error` integer DEFAULT 0 NOT NULL,
	`geocoded_count` integer DEFAULT 0 NOT NULL,
	`all_day_events` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ingestion_runs_source_started_idx` ON `ingestion_runs` (`source_key`,`started_at`);--> statement-breakpoint
CREATE TABLE `zip_codes` (
	`zip` text PRIMARY KEY NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `zip_codes_city_state_idx` ON `zip_codes` (`city`,`state`);--> statement-breakpoint
CREATE INDEX `zip_codes_lat_lon_idx` ON `zip_codes` (`lat`,`lon`);