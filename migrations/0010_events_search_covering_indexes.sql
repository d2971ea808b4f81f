-- Issue 15: filtered, paged events search within 2x the health check at 100,000 events (decision 162).
-- Each search index also holds every column the search filters, sorts and counts on, and the keyword
-- text (an indexed expression: title, venue, address, city and description joined by spaces), so the
-- candidates of a place (box, state) or of the online list are read from the index alone; only a
-- page's rows are read from the table. The expression must stay identical to `KEYWORD_TEXT` in
-- worker/features/events/search.ts, or SQLite stops using these indexes for keyword searches.
DROP INDEX `events_lat_lon_idx`;--> statement-breakpoint
CREATE INDEX `events_geo_idx` ON `events` (`lat`,`lon`,`is_virtual`,`status`,`start_at_utc`,`end_at_utc`,`category`,`id`);--> statement-breakpoint
-- The same with the keyword text, for keyword searches only: a box scan of the narrow index above reads
-- about a third of the pages, so searches without a keyword stay on it.
CREATE INDEX `events_geo_text_idx` ON `events` (`lat`,`lon`,`is_virtual`,`status`,`start_at_utc`,`end_at_utc`,`category`,`id`,(`title` || ' ' || coalesce(`venue_name`, '') || ' ' || coalesce(`address`, '') || ' ' || coalesce(`city`, '') || ' ' || coalesce(`description`, '')));--> statement-breakpoint
DROP INDEX `events_state_start_idx`;--> statement-breakpoint
CREATE INDEX `events_state_start_idx` ON `events` (`state`,`start_at_utc`,`id`,`is_virtual`,`status`,`end_at_utc`,`category`,(`title` || ' ' || coalesce(`venue_name`, '') || ' ' || coalesce(`address`, '') || ' ' || coalesce(`city`, '') || ' ' || coalesce(`description`, '')));--> statement-breakpoint
-- (is_virtual, start) becomes two partial indexes: in-person events anywhere (the search without a
-- ZIP, which takes no keyword) and online events with their keyword text (a few percent of the rows).
-- Each also holds is_virtual, which SQLite needs in the index to read the query from it alone.
DROP INDEX `events_virtual_start_idx`;--> statement-breakpoint
CREATE INDEX `events_in_person_start_idx` ON `events` (`start_at_utc`,`id`,`status`,`end_at_utc`,`category`,`is_virtual`) WHERE `is_virtual` = 0;--> statement-breakpoint
CREATE INDEX `events_online_start_idx` ON `events` (`start_at_utc`,`id`,`status`,`end_at_utc`,`category`,`is_virtual`,(`title` || ' ' || coalesce(`venue_name`, '') || ' ' || coalesce(`address`, '') || ' ' || coalesce(`city`, '') || ' ' || coalesce(`description`, ''))) WHERE `is_virtual` = 1;
