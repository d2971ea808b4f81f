-- Decision 182: double opt-in. A new signup is stored pending (active = 0, confirmed_at NULL) and becomes
-- active only when the person presses the button on the confirmation page (subscription_reconfirmations
-- holds its hashed, 7-day token, as for returning addresses). The consent evidence is kept on the row:
-- when it was confirmed, from which IP (CF-Connecting-IP) and with which browser (user agent).
ALTER TABLE `subscribers` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `consent_ip` text;--> statement-breakpoint
ALTER TABLE `subscribers` ADD `consent_user_agent` text;--> statement-breakpoint
-- Everyone already on the list subscribed under the old single opt-in and counts as confirmed from their
-- subscription time, with no IP or user agent (none was recorded). Rows that have since unsubscribed get
-- the same: they are unsubscribed, not pending, and must not be taken for expired pending signups.
UPDATE `subscribers` SET `confirmed_at` = `subscribed_at` WHERE `confirmed_at` IS NULL;--> statement-breakpoint
-- Pending signups only (a handful): the admin's pending count and the daily expiry read this, not the table.
CREATE INDEX `subscribers_pending_idx` ON `subscribers` (`active`,`subscribed_at`) WHERE `confirmed_at` IS NULL;
