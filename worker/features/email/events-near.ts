import { searchQuerySchema } from "#contract/events/schemas";
import type { Db } from "../../platform/db";
import { AppError } from "../../platform/errors";
import { listingStates } from "../events/listed";
import { searchEvents, toEventResult } from "../events/search";
import { type EmailEvent, type EventsNear, MAX_EMAIL_EVENTS } from "./content-types";

/** How far "near" reaches for the weekly email: the events page's default radius. */
const EMAIL_EVENTS_RADIUS = 25;

/**
 * The events search as the weekly email's `eventsNear`: the soonest upcoming in-person events within
 * 25 miles of the ZIP, without a count and without the search's statewide fallback (the email promises
 * events near the reader). A ZIP the table does not know simply gives none: a subscriber's ZIP can be
 * valid yet missing from the data package, which is no failure worth a log line per send.
 */
export function eventsNearFromSearch(db: Db, opts: { now: () => Date; siteTimeZone: string }): EventsNear {
  return async (zip: string): Promise<EmailEvent[]> => {
    const query = searchQuerySchema.parse({
      zip,
      radius: String(EMAIL_EVENTS_RADIUS),
      limit: String(MAX_EMAIL_EVENTS),
    });
    const hits = await searchEvents(db, query, {
      now: opts.now(),
      siteTimeZone: opts.siteTimeZone,
      count: false,
      fallback: false,
    }).then(
      (page) => page.hits,
      (err: unknown) => {
        if (err instanceof AppError && err.code === "unknown_zip") return [];
        throw err;
      },
    );
    // Search lists cancelled events with their badge (decision 200); an email has no badge: leave them out.
    const inPerson = hits.filter((h) => !h.row.isVirtual);
    const states = await listingStates(
      db,
      inPerson.map((h) => h.row.id),
    );
    return inPerson.filter((h) => !states.get(h.row.id)?.cancelled).map(toEventResult);
  };
}
