import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_RADIUS } from "#contract/events/constants";
import type { EventPage } from "#contract/events/schemas";
import { parseWebUrl, zip5 } from "#contract/platform/field-rules";
import { isValidTimeZone } from "#contract/platform/zoned-time";
import { eventSubmissions, events } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { calendarLinks } from "./calendar-links";
import { listedEvents, withPageUrl } from "./listing";
import { SUBMISSION_SOURCE_KEY } from "./moderation";
import { nearestZip } from "./nearest-zip";
import { eventOrganizer } from "./organizer";

/** Nearby events the page lists: a short row, not a second search page. */
const NEARBY_COUNT = 4;

type EventRow = typeof events.$inferSelect;
/**
 * A feed's name and address by its source key: the ingestion feature's list, passed in by the app (ingestion
 * writes events, so events does not import it).
 */
export type SourceLookup = (key: string) => { name: string; url: string } | undefined;

type Options = { now: Date; siteTimeZone: string; siteOrigin: string; siteName: string; sourceOf: SourceLookup };

/**
 * When the listing was last confirmed by its source. Today that is the row's last write (an ingestion
 * that changed it, or the approval); a dedicated column replaces this one function's body (issue 28).
 */
export const lastConfirmedAt = (row: Pick<EventRow, "updatedAt" | "createdAt">): string =>
  row.updatedAt || row.createdAt;

const webUrl = (value: string | null | undefined) => (value ? (parseWebUrl(value)?.href ?? null) : null);

/**
 * Who runs it (`eventOrganizer`, decision 233) and where the listing came from: the organizer's submission, the
 * feed's organisation, or (the seed's samples, an unknown source) this site, beside the organiser its Register link
 * goes to.
 */
async function provenance(
  db: Db,
  row: EventRow,
  { siteName, sourceOf }: Options,
): Promise<Pick<EventPage, "organizer" | "source">> {
  if (row.sourceKey === SUBMISSION_SOURCE_KEY) {
    const [s] = await db
      .select({ name: eventSubmissions.organizerName, url: eventSubmissions.organizerUrl })
      .from(eventSubmissions)
      .where(eq(eventSubmissions.id, row.externalId))
      .limit(1);
    return {
      organizer: eventOrganizer({ submission: s ?? null, registrationUrl: row.registrationUrl }),
      source: { name: "Submitted by the organizer and reviewed by our team", url: null },
    };
  }
  const feed = sourceOf(row.sourceKey);
  // The organisation's site, not its feed's address (an ICS or API URL is no page to visit).
  const home = feed ? webUrl(feed.url.replace("{page}", "1")) : null;
  const source = feed ? { name: feed.name, url: home ? new URL(home).origin : null } : null;
  return {
    organizer: eventOrganizer({
      feedOrganizer: row.organizerName,
      source,
      registrationUrl: row.registrationUrl,
    }),
    source: source ?? { name: `Listed by ${siteName}`, url: null },
  };
}

/** Upcoming in-person events within the default radius of the event's ZIP (or the ZIP nearest its place). */
async function nearbyEvents(db: Db, row: EventRow, opts: Options) {
  if (row.isVirtual) return [];
  const zip =
    zip5(row.postalCode) ??
    (row.lat !== null && row.lon !== null ? (await nearestZip(db, row.lat, row.lon))?.zip : undefined);
  if (!zip) return [];
  const found = await listedEvents(
    db,
    { zip, radius: DEFAULT_RADIUS, include_online: false, limit: NEARBY_COUNT + 1 },
    opts,
  ).catch(
    // A ZIP the table does not know has no neighbours to list; the page itself is still right.
    () => [],
  );
  return found.filter((e) => e.id !== row.id && !e.is_fallback && !e.is_virtual).slice(0, NEARBY_COUNT);
}

/** The page of a listed (approved or cancelled) event; null for any other id. */
export async function findEventPage(db: Db, id: string, opts: Options): Promise<EventPage | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), inArray(events.status, ["approved", "cancelled"])))
    .limit(1);
  if (!row) return null;
  const [{ organizer, source }, nearby] = await Promise.all([provenance(db, row, opts), nearbyEvents(db, row, opts)]);
  const listed = withPageUrl(
    {
      id: row.id,
      title: row.title,
      description: row.description,
      venue_name: row.venueName,
      category: row.category,
      city: row.city,
      state: row.state,
      start_time: row.startAtUtc,
      end_time: row.endAtUtc,
      all_day: row.allDay,
      end_time_unknown: row.endTimeUnknown,
      time_zone: !row.isVirtual && row.timeZone && isValidTimeZone(row.timeZone) ? row.timeZone : null,
      registration_url: row.registrationUrl,
      image_url: row.imageUrl,
      is_virtual: row.isVirtual,
      distance_miles: null,
      is_fallback: false,
    },
    opts.siteOrigin,
  );
  const page = {
    ...listed,
    address: row.address,
    postal_code: row.postalCode,
    lat: row.lat,
    lon: row.lon,
    cancelled: row.status === "cancelled",
    organizer,
    source,
    last_confirmed: lastConfirmedAt(row),
    listed_at: row.createdAt,
    price_usd: row.priceCents === null ? null : row.priceCents / 100,
    nearby,
  };
  return { ...page, calendar: calendarLinks(page) };
}
