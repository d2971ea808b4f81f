-- Decision 197: completions per send. Where a completion was recorded: 'site' (the completion dialog,
-- every row before this migration) or 'email' (the "I did it" link of a weekly email, decision 196),
-- and for 'email' the weekly campaign whose email carried the link. The campaign list counts them.
ALTER TABLE `action_completions` ADD `source` text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE `action_completions` ADD `campaign_id` text REFERENCES email_campaigns(id) ON DELETE SET NULL;--> statement-breakpoint
-- Per campaign: the list reads the email completions of its 20 newest campaigns through this index.
CREATE INDEX `action_completions_campaign_idx` ON `action_completions` (`campaign_id`) WHERE campaign_id IS NOT NULL;
