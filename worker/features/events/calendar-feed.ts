import type { Db } from "../../platform/db";
import { type CalendarEvent, eventsToIcs } from "./calendar-file";
import { eventPath } from "./event-path";
import type { FeedQuery } from "./schemas";
import { type Hit, searchHits } from "./search";

/** How many upcoming events a feed holds: the soonest, as the search orders them. */
export const FEED_LIMIT = 100;
/** Calendar apps are told to refresh hourly, and caches may keep the feed that long. */
export const FEED_TTL_SECONDS = 3600;

const toCalendarEvent = ({ row }: Hit, siteOrigin: string): CalendarEvent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  venueName: row.venueName,
  address: row.address,
  city: row.city,
  state: row.state,
  startAtUtc: row.startAtUtc,
  endAtUtc: row.endAtUtc,
  allDay: row.allDay,
  timeZone: row.timeZone,
  registrationUrl: row.registrationUrl,
  isVirtual: row.isVirtual,
  pageUrl: new URL(eventPath(row), siteOrigin).toString(),
});

/**
 * GET /api/events/feed.ics: the events search for a place (all upcoming, soonest first) as a
 * subscribable calendar. The search's statewide fallback is left out: the feed promises events
 * within the radius, and a calendar that fills with far-away events when none are near misleads.
 */
export async function eventsFeed(
  db: Db,
  q: FeedQuery,
  opts: { now: Date; siteTimeZone: string; siteOrigin: string },
): Promise<string> {
  const hits = await searchHits(
    db,
    { zip: q.zip, radius: q.radius, include_online: q.include_online, limit: FEED_LIMIT },
    { now: opts.now, siteTimeZone: opts.siteTimeZone },
  );
  const name = `Earthkind events within ${q.radius} miles of ${q.zip}${q.include_online ? " and online" : ""}`;
  const list = hits.filter((h) => !h.fallback).map((h) => toCalendarEvent(h, opts.siteOrigin));
  return eventsToIcs(list, new URL(opts.siteOrigin).host, opts.now, {
    name,
    refreshSeconds: FEED_TTL_SECONDS,
  });
}
