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

type FeedOptions = { now: Date; siteTimeZone: string; siteOrigin: string; siteName: string };

/** A feed's events: the soonest upcoming ones of its place, each with its listing state and page URL. */
export type FeedContents = {
  title: string;
  hits: Hit[];
  states: Map<string, ListingState>;
  pageUrl: (hit: Hit) => string;
};

/** "… within 25 miles of 97210", "… in OR", "… across the US"; "and online" when online events are merged in. */
function feedTitle(q: FeedQuery, siteName: string): string {
  const place = q.zip ? `within ${q.radius} miles of ${q.zip}` : q.state ? `in ${q.state}` : "across the US";
  return `${siteName} events ${place}${q.include_online ? " and online" : ""}`;
}

/**
 * The events of a feed (decisions 161 and 261): the events search for a ZIP's radius, a state, or the whole
 * country (all upcoming, soonest first). Without the search's statewide fallback: the feed promises events
 * within the radius, and a calendar that fills with far-away events when none are near misleads.
 */
export async function feedContents(db: Db, q: FeedQuery, opts: FeedOptions): Promise<FeedContents> {
  const { hits } = await searchEvents(
    db,
    { zip: q.zip, state: q.state, radius: q.radius, include_online: q.include_online, limit: FEED_LIMIT },
    { now: opts.now, siteTimeZone: opts.siteTimeZone, count: false, fallback: false },
  );
  const states = await listingStates(
    db,
    hits.map((h) => h.row.id),
  );
  return {
    title: feedTitle(q, opts.siteName),
    hits,
    states,
    pageUrl: (h) => new URL(eventPath(h.row), opts.siteOrigin).toString(),
  };
}

const toCalendarEvent = (h: Hit, feed: FeedContents): CalendarEvent => {
  const row = h.row;
  return {
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
    cancelled: feed.states.get(row.id)?.cancelled ?? false,
    pageUrl: feed.pageUrl(h),
  };
};

/** GET /api/events/feed.ics: the feed's events as a subscribable calendar. */
export async function eventsFeed(db: Db, q: FeedQuery, opts: FeedOptions): Promise<string> {
  const feed = await feedContents(db, q, opts);
  return eventsToIcs(
    feed.hits.map((h) => toCalendarEvent(h, feed)),
    new URL(opts.siteOrigin).host,
    opts.now,
    { name: feed.title, refreshSeconds: FEED_TTL_SECONDS },
  );
}
