-- Issue 46 (decision 270): each person has a language, English or Spanish. A subscriber's is chosen at signup (the
-- page's language by default) and changed on the manage page; a member's in the account. Every email goes in it.
ALTER TABLE `subscribers` ADD `locale` text DEFAULT 'en' NOT NULL CHECK (`locale` IN ('en', 'es'));
--> statement-breakpoint
ALTER TABLE `users` ADD `locale` text DEFAULT 'en' NOT NULL CHECK (`locale` IN ('en', 'es'));
