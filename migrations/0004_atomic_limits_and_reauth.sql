-- Issue 10: atomic per-account counters, the sign-in method of a session, and role audit on INSERT.

-- Fixed-window counters for per-account/per-address limits (e.g. password changes, admin test sends).
-- One upsert reserves an attempt and returns the count, so parallel requests are counted before any
-- of them does its work.
CREATE TABLE `rate_limit_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_counters_expires_idx` ON `rate_limit_counters` (`expires_at`);
--> statement-breakpoint
-- How the session was opened ('password' | 'magic_link'): a fresh magic-link sign-in is the
-- password-reset path, so it may replace a password without knowing it.
ALTER TABLE `sessions` ADD `auth_method` text;
--> statement-breakpoint
-- A profile created directly with the admin role is audited like a promotion.
CREATE TRIGGER `profiles_role_audit_insert`
AFTER INSERT ON `profiles`
WHEN NEW.`role` = 'admin'
BEGIN
  INSERT INTO `profile_audit_log` (`id`, `user_id`, `changed_by`, `old_role`, `new_role`, `created_at`)
  VALUES (lower(hex(randomblob(16))), NEW.`user_id`, NEW.`role_changed_by`, NULL, NEW.`role`,
          strftime('%Y-%m-%dT%H:%M:%fZ','now'));
END;
