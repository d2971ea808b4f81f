-- Decision 213 (issue 40): one rule for second factors, and an exact per-address password window.
--
-- When the account last became an admin: its first second factor may be set up only in a session signed in at
-- or after this time (no trust on first use). Stamped by triggers, so every path that makes an admin (the
-- grant script, an invitation, an UPDATE by hand) records it. Existing admins: their last grant in the role
-- audit log, else their profile's creation.
ALTER TABLE `profiles` ADD `admin_granted_at` text;--> statement-breakpoint
UPDATE `profiles` SET `admin_granted_at` = COALESCE(
  (SELECT max(`created_at`) FROM `profile_audit_log` l WHERE l.`user_id` = `profiles`.`user_id` AND l.`new_role` = 'admin'),
  `created_at`)
WHERE `role` = 'admin';--> statement-breakpoint
CREATE TRIGGER `profiles_admin_granted_on_update`
AFTER UPDATE OF `role` ON `profiles`
WHEN NEW.`role` = 'admin' AND OLD.`role` IS NOT 'admin'
BEGIN
  UPDATE `profiles` SET `admin_granted_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `profiles_admin_granted_on_insert`
AFTER INSERT ON `profiles`
WHEN NEW.`role` = 'admin'
BEGIN
  UPDATE `profiles` SET `admin_granted_at` = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
-- An unfinished authenticator-app set-up, kept apart from the confirmed app: the confirmed one keeps working
-- (and its recovery codes) until the new one is confirmed. Set-ups pending under the old design move here.
CREATE TABLE `totp_enrolments` (
	`user_id` text PRIMARY KEY NOT NULL,
	`secret_enc` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `totp_enrolments` (`user_id`, `secret_enc`, `created_at`)
SELECT `user_id`, `secret_enc`, `created_at` FROM `totp_factors` WHERE `confirmed_at` IS NULL;--> statement-breakpoint
DELETE FROM `totp_factors` WHERE `confirmed_at` IS NULL;--> statement-breakpoint
-- Attempts of a sliding-window limit (the per-address password limit): one row an attempt, reserved by a
-- single INSERT … SELECT that counts the window first, so a burst can never pass the limit, at any time.
-- `at` is Unix milliseconds. Rows older than the longest window are deleted as the key is used and daily.
CREATE TABLE `attempt_log` (
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `attempt_log_key_at_idx` ON `attempt_log` (`key`,`at`);--> statement-breakpoint
CREATE INDEX `attempt_log_at_idx` ON `attempt_log` (`at`);
