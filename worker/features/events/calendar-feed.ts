import { eventPath } from "#contract/events/event-path";
import type { FeedQuery } from "#contract/events/schemas";
import type { Db } from "../../platform/db";
import { type CalendarEvent, eventsToIcs } from "./calendar-file";
import { type ListingState, listingStates } from "./listed";
import { type Hit, searchEvents } from "./search";

/** How many upcoming events a feed holds: the soonest, as the search orders them. */
export const FEED_LIMIT = 100;
/** Calendar apps are told to refresh hourly, and caches may keep the feed that long. */
export const FEED_TTL_SECONDS = 3600;

const toCalendarEvent = ({ row }: Hit, states: Map<string, ListingState>, siteOrigin: string): CalendarEvent => ({
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
  cancelled: states.get(row.id)?.cancelled ?? false,
  pageUrl: new URL(eventPath(row), siteOrigin).toString(),
});

/**
 * GET /api/events/feed.ics: the events search for a place (all upcoming, soonest first) as a
 * subscribable calendar. Without the search's statewide fallback: the feed promises events within
 * the radius, and a calendar that fills with far-away events when none are near misleads.
 */
export async function eventsFeed(
  db: Db,
  q: FeedQuery,
  opts: { now: Date; siteTimeZone: string; siteOrigin: string },
): Promise<string> {
  const { hits } = await searchEvents(
    db,
    { zip: q.zip, radius: q.radius, include_online: q.include_online, limit: FEED_LIMIT },
    { now: opts.now, siteTimeZone: opts.siteTimeZone, count: false, fallback: false },
  );
  const name = `Earthkind events within ${q.radius} miles of ${q.zip}${q.include_online ? " and online" : ""}`;
  const states = await listingStates(
    db,
    hits.map((h) => h.row.id),
  );
  const list = hits.map((h) => toCalendarEvent(h, states, opts.siteOrigin));
  return eventsToIcs(list, new URL(opts.siteOrigin).host, opts.now, {
    name,
    refreshSeconds: FEED_TTL_SECONDS,
  });
}
