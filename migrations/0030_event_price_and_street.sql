-- Issue 47 (decision 258): what an event costs, in US cents, when its source says (0: free). NULL: not known, so
-- the page's markup states no offer. Filled by ingestion where a source gives a price (the NPS API's isfree, a
-- listing's price field).
ALTER TABLE `events` ADD `price_cents` integer;
--> statement-breakpoint
-- `address` is the street line only (decision 258). The seed wrote "City, ST ZIP" there, which the city, state and
-- postal code already hold: those rows have no street. Ingested rows are rewritten on their source's next run.
UPDATE `events` SET `address` = NULL
WHERE `source_key` = 'seed' AND `address` = `city` || ', ' || `state` || ' ' || `postal_code`;
