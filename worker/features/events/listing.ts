import type { Db } from "../../platform/db";
import { eventPath } from "./event-path";
import type { EventResult, EventsAnswer, ListedEvent } from "./schemas";
// The one line that names the search module: pages and the API read listed events through this file.
import { type SearchInput, searchEvents, searchEventsPage } from "./search";

type SearchOptions = { now: Date; siteTimeZone: string };

/** A search result with the absolute address of its page (decision 202). */
export const withPageUrl = (event: EventResult, siteOrigin: string): ListedEvent => ({
  ...event,
  url: new URL(eventPath(event), siteOrigin).toString(),
});

/** GET /api/events's answer: the search's page, each event with its page's URL. */
export async function listedEventsPage(
  db: Db,
  q: SearchInput,
  opts: SearchOptions & { siteOrigin: string },
): Promise<EventsAnswer> {
  const page = await searchEventsPage(db, q, opts);
  return { ...page, events: page.events.map((e) => withPageUrl(e, opts.siteOrigin)) };
}

/** The search's first page without counting (the event page's nearby events), with page URLs. */
export async function listedEvents(
  db: Db,
  q: SearchInput,
  opts: SearchOptions & { siteOrigin: string },
): Promise<ListedEvent[]> {
  return (await searchEvents(db, q, opts)).map((e) => withPageUrl(e, opts.siteOrigin));
}
