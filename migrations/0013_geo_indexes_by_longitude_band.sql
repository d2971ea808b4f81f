-- Decision 176: the radius search's box was a range of latitudes only, so a 100-mile search read every
-- event in a band of latitude across the whole country (2.4 times the box around Portland) and tested
-- its longitude entry by entry. Both covering geo indexes now lead with the event's one-degree band of
-- longitude, an expression the search states as `cast((lon + 180) as integer) in (…)` (the bands the box
-- spans), so each band is a latitude range of its own and the scan reads little more than the box.
-- The expression must stay identical to `lonBand` in db/schema/events.ts, which the search states too.
DROP INDEX `events_geo_idx`;--> statement-breakpoint
CREATE INDEX `events_geo_idx` ON `events` (cast((`lon` + 180) as integer),`lat`,`lon`,`is_virtual`,`status`,`start_at_utc`,`end_at_utc`,`category`,`id`);--> statement-breakpoint
DROP INDEX `events_geo_text_idx`;--> statement-breakpoint
CREATE INDEX `events_geo_text_idx` ON `events` (cast((`lon` + 180) as integer),`lat`,`lon`,`is_virtual`,`status`,`start_at_utc`,`end_at_utc`,`category`,`id`,(`title` || ' ' || coalesce(`venue_name`, '') || ' ' || coalesce(`address`, '') || ' ' || coalesce(`city`, '') || ' ' || coalesce(`description`, ''))) WHERE `id` <> '';
