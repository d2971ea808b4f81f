import { eventPageMeta } from "#contract/events/event-path";
import type { EventPage } from "#contract/events/schemas";
import { streetAddressOf } from "#contract/events/street-address";
import { scriptSafeJson } from "#contract/platform/script-safe-json";
import { utcOffsetMinutes } from "#contract/platform/zoned-time";
import { withActionMeta } from "../actions/page-meta";
import { allDayDate } from "./calendar-file";
import { categoryCardPath } from "./category-card";

/**
 * An instant as ISO 8601 with the UTC offset of the event's own zone (UTC when it has none, as online
 * events): Google reads an event's local time from the offset, and a time without one is ambiguous.
 */
export function isoWithOffset(iso: string, timeZone: string | null): string {
  const instant = new Date(iso).getTime();
  const offset = timeZone ? utcOffsetMinutes(instant, timeZone) : 0;
  const local = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

const DAY_MS = 86_400_000;

/**
 * An event's start or end as JSON-LD states it. All-day events carry dates, and schema.org's endDate is the last
 * day of the event (inclusive), where the stored end, as iCalendar's DTEND, is the midnight after it (decision 259).
 */
function when(iso: string, e: EventPage, edge: "start" | "end"): string {
  if (!e.all_day) return isoWithOffset(iso, e.time_zone);
  if (edge === "start") return allDayDate(iso);
  const lastDay = allDayDate(new Date(new Date(iso).getTime() - DAY_MS).toISOString());
  const first = allDayDate(e.start_time);
  // A one-day event's end is its start day (ISO dates sort as text).
  return [first, lastDay].sort()[1] ?? first;
}

/** What the markup needs besides the event: the picture and text the page's card uses, and who lists it. */
export type MarkupContext = { image: string; description: string; siteName: string; origin: string };

/** The Offer of an event whose price is known (decision 258): free ones as price 0. */
function offerOf(e: EventPage) {
  if (e.price_usd === null) return null;
  return {
    "@type": "Offer",
    price: e.price_usd,
    priceCurrency: "USD",
    availability: e.cancelled ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    url: e.registration_url ?? e.url,
    validFrom: isoWithOffset(e.listed_at, e.time_zone),
  };
}

/**
 * schema.org Event with Google's required and recommended properties (decisions 202, 258, 259). All-day events
 * carry dates; the place is a Place with a PostalAddress split into its fields, or a VirtualLocation for online
 * events; the organiser is always named (the site listing it when nothing else is known).
 */
export function eventJsonLd(e: EventPage, opts: MarkupContext): Record<string, unknown> {
  const street = streetAddressOf(e.address, e);
  const location = e.is_virtual
    ? { "@type": "VirtualLocation", url: e.registration_url ?? e.url }
    : {
        "@type": "Place",
        name: e.venue_name ?? ([e.city, e.state].filter(Boolean).join(", ") || e.title),
        address: {
          "@type": "PostalAddress",
          ...(street ? { streetAddress: street } : {}),
          ...(e.city ? { addressLocality: e.city } : {}),
          ...(e.state ? { addressRegion: e.state } : {}),
          ...(e.postal_code ? { postalCode: e.postal_code } : {}),
          addressCountry: "US",
        },
        ...(e.lat !== null && e.lon !== null
          ? { geo: { "@type": "GeoCoordinates", latitude: e.lat, longitude: e.lon } }
          : {}),
      };
  const organizer = e.organizer ?? { name: opts.siteName, url: opts.origin };
  const offer = offerOf(e);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: e.title,
    startDate: when(e.start_time, e, "start"),
    ...(e.end_time ? { endDate: when(e.end_time, e, "end") } : {}),
    eventStatus: e.cancelled ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: e.is_virtual
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location,
    organizer: { "@type": "Organization", name: organizer.name, ...(organizer.url ? { url: organizer.url } : {}) },
    ...(offer ? { offers: offer } : {}),
    description: e.description ?? opts.description,
    image: [opts.image],
    url: e.url,
  };
}

/** The JSON-LD as a <script> element whose content cannot close it (no raw "<"). */
export const jsonLdScript = (data: Record<string, unknown>) =>
  `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;

/**
 * The picture an event's card and markup show (decision 260): its own (the source's or organiser's, stored in R2
 * and served from /media/events/…, or an https address), else the share card of its category's illustration, a
 * 1200×630 PNG rendered at build time like the actions' cards.
 */
export function eventImage(e: Pick<EventPage, "image_url" | "category">, origin: string): string {
  const own = e.image_url;
  if (own?.startsWith("https://")) return own;
  if (own?.startsWith("/media/")) return new URL(own, origin).toString();
  return new URL(categoryCardPath(e.category), origin).toString();
}

/**
 * The shell's head for one event's page: its title, description, canonical link and OpenGraph card
 * (the action pages' rewriter), then its Event JSON-LD.
 */
export function withEventMarkup(shell: Response, e: EventPage, site: { origin: string; name: string }): Response {
  const meta = eventPageMeta(e);
  const image = eventImage(e, site.origin);
  const withMeta = withActionMeta(shell, {
    title: meta.title,
    description: meta.description,
    image,
    imageAlt: e.title,
    url: new URL(meta.canonical, site.origin).toString(),
  });
  const script = jsonLdScript(
    eventJsonLd(e, { image, description: meta.description, siteName: site.name, origin: site.origin }),
  );
  return new HTMLRewriter()
    .on("head", { element: (el) => el.onEndTag((end) => void end.before(script, { html: true })) })
    .transform(withMeta);
}
