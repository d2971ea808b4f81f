-- Issue 45 item 1, decision 245: the send ledger at ~40 bytes a recipient per send instead of ~622.
-- One WITHOUT ROWID row keyed by (campaign number, subscriber key): the campaign and its waves get a small
-- integer `seq`; the subscriber's UUID is stored as its 16 bytes (any other id, e.g. a test send's
-- 'address:…', as it is). Status is a small integer; the address is read from `subscribers` (so a deleted
-- person's rows no longer hold it); the provider's message id is no longer kept (webhooks find their recipient
-- by address); failure reasons live in `email_ledger_notes`, since nearly every row has none. The lease and the
-- send key stay, NULL (no bytes) once a row is settled: exactly-once is unchanged (decisions 031, 198).
-- `email_deliveries` becomes a read-only view in the old shape (plus an INSTEAD OF INSERT for fixtures).
ALTER TABLE `email_campaigns` ADD `seq` integer;--> statement-breakpoint
UPDATE `email_campaigns` SET `seq` = `rowid`;--> statement-breakpoint
CREATE UNIQUE INDEX `email_campaigns_seq_idx` ON `email_campaigns` (`seq`);--> statement-breakpoint
CREATE TRIGGER `email_campaigns_seq`
AFTER INSERT ON `email_campaigns`
WHEN NEW.`seq` IS NULL
BEGIN
  UPDATE `email_campaigns` SET `seq` = (SELECT coalesce(max(`seq`), 0) + 1 FROM `email_campaigns`) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
ALTER TABLE `email_campaign_waves` ADD `seq` integer;--> statement-breakpoint
UPDATE `email_campaign_waves` SET `seq` = `rowid`;--> statement-breakpoint
CREATE UNIQUE INDEX `email_campaign_waves_seq_idx` ON `email_campaign_waves` (`seq`);--> statement-breakpoint
CREATE TRIGGER `email_campaign_waves_seq`
AFTER INSERT ON `email_campaign_waves`
WHEN NEW.`seq` IS NULL
BEGIN
  UPDATE `email_campaign_waves` SET `seq` = (SELECT coalesce(max(`seq`), 0) + 1 FROM `email_campaign_waves`) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
-- status: 0 pending, 1 sent, 2 failed, 3 skipped, 4 suppressed. `at`: last change, Unix seconds.
CREATE TABLE `email_ledger` (
	`campaign` integer NOT NULL REFERENCES `email_campaigns`(`seq`) ON DELETE CASCADE,
	`subscriber` blob NOT NULL,
	`wave` integer,
	`status` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_until` text,
	`send_key` text,
	`at` integer NOT NULL,
	PRIMARY KEY (`campaign`, `subscriber`)
) WITHOUT ROWID;--> statement-breakpoint
-- Only pending rows: the orphan scan and the pending counts; empty once a send has settled.
CREATE INDEX `email_ledger_pending_idx` ON `email_ledger` (`campaign`, `at`) WHERE `status` = 0;--> statement-breakpoint
CREATE TABLE `email_ledger_notes` (
	`campaign` integer NOT NULL,
	`subscriber` blob NOT NULL,
	`error` text NOT NULL,
	PRIMARY KEY (`campaign`, `subscriber`),
	FOREIGN KEY (`campaign`, `subscriber`) REFERENCES `email_ledger`(`campaign`, `subscriber`) ON DELETE CASCADE
) WITHOUT ROWID;--> statement-breakpoint
-- The totals, as before (migration 0009), now from the compact rows.
CREATE TRIGGER `email_ledger_count_insert`
AFTER INSERT ON `email_ledger`
BEGIN
  UPDATE `email_campaigns`
  SET `total_recipients` = `total_recipients` + 1,
      `sent_count` = `sent_count` + (NEW.`status` = 1),
      `failed_count` = `failed_count` + (NEW.`status` = 2),
      `skipped_count` = `skipped_count` + (NEW.`status` IN (3, 4))
  WHERE `seq` = NEW.`campaign`;
  UPDATE `email_campaign_waves`
  SET `total_recipients` = `total_recipients` + 1,
      `sent_count` = `sent_count` + (NEW.`status` = 1),
      `failed_count` = `failed_count` + (NEW.`status` = 2),
      `skipped_count` = `skipped_count` + (NEW.`status` IN (3, 4))
  WHERE `seq` = NEW.`wave` AND NEW.`wave` IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `email_ledger_count_update`
AFTER UPDATE OF `status` ON `email_ledger`
WHEN OLD.`status` = 0 AND NEW.`status` <> 0
BEGIN
  UPDATE `email_campaigns`
  SET `sent_count` = `sent_count` + (NEW.`status` = 1),
      `failed_count` = `failed_count` + (NEW.`status` = 2),
      `skipped_count` = `skipped_count` + (NEW.`status` IN (3, 4))
  WHERE `seq` = NEW.`campaign`;
  UPDATE `email_campaign_waves`
  SET `sent_count` = `sent_count` + (NEW.`status` = 1),
      `failed_count` = `failed_count` + (NEW.`status` = 2),
      `skipped_count` = `skipped_count` + (NEW.`status` IN (3, 4))
  WHERE `seq` = NEW.`wave` AND NEW.`wave` IS NOT NULL;
END;--> statement-breakpoint
-- The existing rows move over without touching the totals (the triggers would count them a second time).
DROP TRIGGER `email_ledger_count_insert`;--> statement-breakpoint
INSERT INTO `email_ledger` (`campaign`, `subscriber`, `wave`, `status`, `attempts`, `claimed_until`, `send_key`, `at`)
SELECT c.`seq`,
  CASE WHEN d.`subscriber_id` LIKE '________-____-____-____-____________' AND d.`subscriber_id` = lower(d.`subscriber_id`)
       THEN coalesce(unhex(replace(d.`subscriber_id`, '-', '')), d.`subscriber_id`) ELSE d.`subscriber_id` END,
  w.`seq`,
  CASE d.`status` WHEN 'pending' THEN 0 WHEN 'sent' THEN 1 WHEN 'failed' THEN 2 WHEN 'skipped' THEN 3 ELSE 4 END,
  d.`attempts`, d.`claimed_until`, d.`send_key`, coalesce(unixepoch(d.`updated_at`), unixepoch('now'))
FROM `email_deliveries` d JOIN `email_campaigns` c ON c.`id` = d.`campaign_id`
LEFT JOIN `email_campaign_waves` w ON w.`id` = d.`wave_id`
WHERE true
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO `email_ledger_notes` (`campaign`, `subscriber`, `error`)
SELECT c.`seq`,
  CASE WHEN d.`subscriber_id` LIKE '________-____-____-____-____________' AND d.`subscriber_id` = lower(d.`subscriber_id`)
       THEN coalesce(unhex(replace(d.`subscriber_id`, '-', '')), d.`subscriber_id`) ELSE d.`subscriber_id` END,
  d.`error`
FROM `email_deliveries` d JOIN `email_campaigns` c ON c.`id` = d.`campaign_id`
WHERE d.`error` IS NOT NULL AND d.`status` NOT IN ('skipped', 'suppressed')
ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER `email_ledger_count_insert`
AFTER INSERT ON `email_ledger`
BEGIN
  UPDATE `email_campaigns`
  SET `total_recipients` = `total_recipients` + 1,
      `sent_count` = `sent_count` + (NEW.`status` = 1),
      `failed_count` = `failed_count` + (NEW.`status` = 2),
      `skipped_count` = `skipped_count` + (NEW.`status` IN (3, 4))
  WHERE `seq` = NEW.`campaign`;
  UPDATE `email_campaign_waves`
  SET `total_recipients` = `total_recipients` + 1,
      `sent_count` = `sent_count` + (NEW.`status` = 1),
      `failed_count` = `failed_count` + (NEW.`status` = 2),
      `skipped_count` = `skipped_count` + (NEW.`status` IN (3, 4))
  WHERE `seq` = NEW.`wave` AND NEW.`wave` IS NOT NULL;
END;--> statement-breakpoint
DROP TABLE `email_deliveries`;--> statement-breakpoint
-- The old shape, read-only, for the admin's and the member's views of it and for tests: `id` is
-- '<campaign id>/<subscriber id>', the address is the subscriber's (or 'deleted'), provider_message_id is NULL.
CREATE VIEW `email_deliveries` AS
SELECT c.`id` || '/' || l.`sid` AS `id`, c.`id` AS `campaign_id`, l.`sid` AS `subscriber_id`, w.`id` AS `wave_id`,
  coalesce(s.`email`, CASE WHEN l.`sid` LIKE 'address:%' THEN substr(l.`sid`, 9) ELSE 'deleted' END) AS `email`,
  CASE l.`status` WHEN 0 THEN 'pending' WHEN 1 THEN 'sent' WHEN 2 THEN 'failed' WHEN 3 THEN 'skipped' ELSE 'suppressed' END AS `status`,
  NULL AS `provider_message_id`,
  coalesce(n.`error`, CASE l.`status` WHEN 3 THEN 'unsubscribed' WHEN 4 THEN 'address suppressed' END) AS `error`,
  l.`attempts`, l.`claimed_until`, l.`send_key`,
  strftime('%Y-%m-%dT%H:%M:%fZ', l.`at`, 'unixepoch') AS `created_at`,
  strftime('%Y-%m-%dT%H:%M:%fZ', l.`at`, 'unixepoch') AS `updated_at`
FROM (SELECT *,
        CASE WHEN typeof(`subscriber`) = 'blob' THEN lower(substr(hex(`subscriber`), 1, 8) || '-' || substr(hex(`subscriber`), 9, 4) || '-'
          || substr(hex(`subscriber`), 13, 4) || '-' || substr(hex(`subscriber`), 17, 4) || '-' || substr(hex(`subscriber`), 21))
        ELSE `subscriber` END AS `sid`
      FROM `email_ledger`) l
JOIN `email_campaigns` c ON c.`seq` = l.`campaign`
LEFT JOIN `email_campaign_waves` w ON w.`seq` = l.`wave`
LEFT JOIN `subscribers` s ON s.`id` = l.`sid`
LEFT JOIN `email_ledger_notes` n ON n.`campaign` = l.`campaign` AND n.`subscriber` = l.`subscriber`;--> statement-breakpoint
-- Fixtures and older scripts still write the old shape: the row goes into the compact ledger.
CREATE TRIGGER `email_deliveries_insert`
INSTEAD OF INSERT ON `email_deliveries`
BEGIN
  INSERT INTO `email_ledger` (`campaign`, `subscriber`, `wave`, `status`, `attempts`, `claimed_until`, `send_key`, `at`)
  VALUES (
    (SELECT `seq` FROM `email_campaigns` WHERE `id` = NEW.`campaign_id`),
    CASE WHEN NEW.`subscriber_id` LIKE '________-____-____-____-____________' AND NEW.`subscriber_id` = lower(NEW.`subscriber_id`)
         THEN coalesce(unhex(replace(NEW.`subscriber_id`, '-', '')), NEW.`subscriber_id`) ELSE NEW.`subscriber_id` END,
    (SELECT `seq` FROM `email_campaign_waves` WHERE `id` = NEW.`wave_id`),
    CASE coalesce(NEW.`status`, 'pending') WHEN 'pending' THEN 0 WHEN 'sent' THEN 1 WHEN 'failed' THEN 2 WHEN 'skipped' THEN 3 ELSE 4 END,
    coalesce(NEW.`attempts`, 0), NEW.`claimed_until`, NEW.`send_key`,
    coalesce(unixepoch(NEW.`updated_at`), unixepoch(NEW.`created_at`), unixepoch('now')));
  INSERT INTO `email_ledger_notes` (`campaign`, `subscriber`, `error`)
  SELECT (SELECT `seq` FROM `email_campaigns` WHERE `id` = NEW.`campaign_id`),
    CASE WHEN NEW.`subscriber_id` LIKE '________-____-____-____-____________' AND NEW.`subscriber_id` = lower(NEW.`subscriber_id`)
         THEN coalesce(unhex(replace(NEW.`subscriber_id`, '-', '')), NEW.`subscriber_id`) ELSE NEW.`subscriber_id` END,
    NEW.`error`
  WHERE NEW.`error` IS NOT NULL;
END;
