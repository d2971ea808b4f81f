-- Issue 42 (decision 233): the organiser a feed names for an item (an iCalendar ORGANIZER's CN), shown on the event's
-- page before the source's own name. NULL where the feed names none; existing rows fill in on their next read.
ALTER TABLE `events` ADD `organizer_name` text;
