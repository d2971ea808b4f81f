-- Issue 13: collective impact counts, shareable notes, sustainable-living tips.
ALTER TABLE `action_completions` ADD `share_note` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `action_completions` ADD `note_hidden_at` text;--> statement-breakpoint
CREATE INDEX `action_completions_action_idx` ON `action_completions` (`action_id`,`completed_at`);--> statement-breakpoint
-- Per-action impact: counts only (never who), kept by the triggers below inside the same
-- transaction as every completion write, so a read is one primary-key lookup and can never drift.
CREATE TABLE `action_impact` (
	`action_id` text PRIMARY KEY NOT NULL,
	`completed_count` integer DEFAULT 0 NOT NULL,
	`with_notes_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`action_id`) REFERENCES `weekly_actions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Site-wide totals: one row ('site'). Completions of deleted actions still count (they happened);
-- a deleted member's completions cascade away and their triggers take them out of both counts.
CREATE TABLE `impact_totals` (
	`key` text PRIMARY KEY NOT NULL,
	`completions` integer DEFAULT 0 NOT NULL,
	`members` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `impact_totals` (`key`, `completions`, `members`)
SELECT 'site', count(*), count(DISTINCT `user_id`) FROM `action_completions`;
--> statement-breakpoint
INSERT INTO `action_impact` (`action_id`, `completed_count`, `with_notes_count`)
SELECT `action_id`, count(*), sum(`notes` IS NOT NULL AND trim(`notes`) <> '')
FROM `action_completions` WHERE `action_id` IS NOT NULL GROUP BY `action_id`;
--> statement-breakpoint
CREATE TRIGGER `action_completions_impact_insert`
AFTER INSERT ON `action_completions`
BEGIN
  INSERT INTO `action_impact` (`action_id`, `completed_count`, `with_notes_count`)
  SELECT NEW.`action_id`, 1, (NEW.`notes` IS NOT NULL AND trim(NEW.`notes`) <> '')
  WHERE NEW.`action_id` IS NOT NULL
  ON CONFLICT (`action_id`) DO UPDATE SET
    `completed_count` = `completed_count` + 1,
    `with_notes_count` = `with_notes_count` + excluded.`with_notes_count`;
  UPDATE `impact_totals`
  SET `completions` = `completions` + 1,
      `members` = `members` + NOT EXISTS (
        SELECT 1 FROM `action_completions` WHERE `user_id` = NEW.`user_id` AND `id` <> NEW.`id`)
  WHERE `key` = 'site';
END;
--> statement-breakpoint
-- Notes edited, or the action deleted (ON DELETE SET NULL): move the counts accordingly.
CREATE TRIGGER `action_completions_impact_update`
AFTER UPDATE OF `notes`, `action_id` ON `action_completions`
BEGIN
  UPDATE `action_impact`
  SET `completed_count` = `completed_count` - 1,
      `with_notes_count` = `with_notes_count` - (OLD.`notes` IS NOT NULL AND trim(OLD.`notes`) <> '')
  WHERE `action_id` = OLD.`action_id`;
  INSERT INTO `action_impact` (`action_id`, `completed_count`, `with_notes_count`)
  SELECT NEW.`action_id`, 1, (NEW.`notes` IS NOT NULL AND trim(NEW.`notes`) <> '')
  WHERE NEW.`action_id` IS NOT NULL
  ON CONFLICT (`action_id`) DO UPDATE SET
    `completed_count` = `completed_count` + 1,
    `with_notes_count` = `with_notes_count` + excluded.`with_notes_count`;
END;
--> statement-breakpoint
CREATE TRIGGER `action_completions_impact_delete`
AFTER DELETE ON `action_completions`
BEGIN
  UPDATE `action_impact`
  SET `completed_count` = `completed_count` - 1,
      `with_notes_count` = `with_notes_count` - (OLD.`notes` IS NOT NULL AND trim(OLD.`notes`) <> '')
  WHERE `action_id` = OLD.`action_id`;
  UPDATE `impact_totals`
  SET `completions` = `completions` - 1,
      `members` = `members` - NOT EXISTS (SELECT 1 FROM `action_completions` WHERE `user_id` = OLD.`user_id`)
  WHERE `key` = 'site';
END;
--> statement-breakpoint
CREATE TABLE `tips` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text,
	`topic` text NOT NULL,
	`active` integer DEFAULT 1 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tips_title_idx` ON `tips` (`title`);--> statement-breakpoint
CREATE INDEX `tips_active_position_idx` ON `tips` (`active`,`position`);--> statement-breakpoint
-- Which tip each weekly campaign carries: chosen once (the primary key makes the choice stick under
-- retries and parallel consumers), and the rotation reads it to pick the least-used tip next.
CREATE TABLE `campaign_tips` (
	`campaign_id` text PRIMARY KEY NOT NULL,
	`tip_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `email_campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tip_id`) REFERENCES `tips`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `campaign_tips_tip_idx` ON `campaign_tips` (`tip_id`);
