-- Decision 173: SQLite's choice between the two covering geo indexes of migration 0010 was not stable, and
-- searches without a keyword (and their counts) could scan the wide one, whose entries carry each event's
-- keyword text. The wide one becomes partial on a term that every event meets (ids are never blank) and
-- only keyword searches state, so the others always read the narrow index.
DROP INDEX `events_geo_text_idx`;--> statement-breakpoint
CREATE INDEX `events_geo_text_idx` ON `events` (`lat`,`lon`,`is_virtual`,`status`,`start_at_utc`,`end_at_utc`,`category`,`id`,(`title` || ' ' || coalesce(`venue_name`, '') || ' ' || coalesce(`address`, '') || ' ' || coalesce(`city`, '') || ' ' || coalesce(`description`, ''))) WHERE `id` <> '';
