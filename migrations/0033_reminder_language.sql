-- Issue 46 (decision 273): a reminder's emails go in the language of the page it was asked for from (English or
-- Spanish), with links to that language's pages. Reminders asked before this were asked in English.
ALTER TABLE `event_reminders` ADD `locale` text DEFAULT 'en' NOT NULL CHECK (`locale` IN ('en', 'es'));
