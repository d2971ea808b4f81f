-- Issue 15 item 2: every in-person event carries the IANA zone of its place (decision 165). Online events and
-- events whose place has no known zone keep NULL (shown in SITE_TIMEZONE, written to .ics files in UTC).
ALTER TABLE `events` ADD `time_zone` text;--> statement-breakpoint
-- Existing in-person events take their ZIP's zone (zip_codes.time_zone, computed from the centroid at seed time)...
UPDATE `events` SET `time_zone` = (SELECT z.`time_zone` FROM `zip_codes` z WHERE z.`zip` = substr(`events`.`postal_code`, 1, 5))
WHERE `is_virtual` = 0 AND `postal_code` IS NOT NULL;--> statement-breakpoint
-- ...else the zone of the ZIP centroid nearest their coordinates, within about half a degree (a backfill once:
-- ingestion and approval use the exact nearest-ZIP lookup). Longitude degrees are weighted by cos(40°) ≈ 0.77.
UPDATE `events` SET `time_zone` = (
  SELECT z.`time_zone` FROM `zip_codes` z
  WHERE z.`lat` BETWEEN `events`.`lat` - 0.5 AND `events`.`lat` + 0.5
    AND z.`lon` BETWEEN `events`.`lon` - 0.65 AND `events`.`lon` + 0.65
    AND z.`time_zone` IS NOT NULL
  ORDER BY (z.`lat` - `events`.`lat`) * (z.`lat` - `events`.`lat`)
         + (z.`lon` - `events`.`lon`) * (z.`lon` - `events`.`lon`) * 0.59
  LIMIT 1)
WHERE `is_virtual` = 0 AND `time_zone` IS NULL AND `lat` IS NOT NULL AND `lon` IS NOT NULL;
