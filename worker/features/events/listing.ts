import { eventPath } from "#contract/events/event-path";
import type { EventResult, EventsAnswer, ListedEvent } from "#contract/events/schemas";
import type { Db } from "../../platform/db";
import { withListingState } from "./listed";
// The one place that names the search module for lists: the API, the pages and the event page read through it.
import { type SearchInput, searchEvents, toEventResult, toSearchResponse } from "./search";

type SearchOptions = { now: Date; siteTimeZone: string; siteOrigin: string };

/** A search result with the absolute address of its page (decision 202). */
export const withPageUrl = <E extends EventResult>(event: E, siteOrigin: string): E & { url: string } => ({
  ...event,
  url: new URL(eventPath(event), siteOrigin).toString(),
});

/**
 * GET /api/events's answer: the search's page (counted, with the statewide fallback), each event with its
 * listing state (decision 200) and its page's URL (decision 202).
 */
export async function listedEventsPage(db: Db, q: SearchInput, opts: SearchOptions): Promise<EventsAnswer> {
  const page = toSearchResponse(await searchEvents(db, q, { ...opts, count: true, fallback: true }));
  const events = await withListingState(db, page.events);
  return { ...page, events: events.map((e) => withPageUrl(e, opts.siteOrigin)) };
}

/** The search's first page without counting or fallback (the event page's nearby events), with page URLs. */
export async function listedEvents(db: Db, q: SearchInput, opts: SearchOptions): Promise<ListedEvent[]> {
  const page = await searchEvents(db, q, { ...opts, count: false, fallback: false });
  return page.hits.map((h) => withPageUrl(toEventResult(h), opts.siteOrigin));
}
