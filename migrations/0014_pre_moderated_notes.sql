-- Decision 183: shared member notes are pre-moderated. A note a member shares is 'pending' until an
-- admin approves it; only approved notes are ever quoted publicly (the weekly email's "Last week"),
-- and a weekly campaign quotes only notes approved before it was prepared (note_moderated_at <=
-- email_campaigns.created_at). `note_moderated_by` is the admin who decided; `note_moderated_at` when.
ALTER TABLE `action_completions` ADD `note_status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `action_completions` ADD `note_moderated_at` text;--> statement-breakpoint
ALTER TABLE `action_completions` ADD `note_moderated_by` text REFERENCES `users`(`id`) ON DELETE set null;--> statement-breakpoint
-- Notes an admin had hidden stay hidden, with the time they were hidden. Every other existing note,
-- shared or not, starts 'pending': none was reviewed before it could be quoted (decision 183).
UPDATE `action_completions` SET `note_status` = 'hidden', `note_moderated_at` = `note_hidden_at`
WHERE `note_hidden_at` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `action_completions` DROP COLUMN `note_hidden_at`;--> statement-breakpoint
-- The admin's queue (pending shared notes, newest first) and its count read this index only.
CREATE INDEX `action_completions_note_queue_idx` ON `action_completions` (`note_status`,`completed_at`) WHERE `share_note` = 1;
