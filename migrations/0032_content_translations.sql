-- Issue 46 (decision 272): an action's and a tip's text in Spanish, beside the English that stays where it is. Empty
-- means "not written yet": the public reads and the weekly email then use the English text, marked as English. The
-- action's dates, slug, links, image and button URL are shared by both languages.
ALTER TABLE `weekly_actions` ADD `title_es` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `weekly_actions` ADD `summary_es` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `weekly_actions` ADD `why_it_matters_es` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `weekly_actions` ADD `steps_es` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `weekly_actions` ADD `time_required_es` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `weekly_actions` ADD `materials_es` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `weekly_actions` ADD `cta_label_es` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `tips` ADD `title_es` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `tips` ADD `body_es` text DEFAULT '' NOT NULL;
