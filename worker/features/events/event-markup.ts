import { eventPageMeta } from "#contract/events/event-path";
import type { EventPage } from "#contract/events/schemas";
import { scriptSafeJson } from "#contract/platform/script-safe-json";
import { utcOffsetMinutes } from "#contract/platform/zoned-time";
import { SOCIAL_IMAGE_PATH } from "#contract/seo/page-meta";
import { withActionMeta } from "../actions/page-meta";
import { allDayDate } from "./calendar-file";

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

const when = (iso: string, e: EventPage) => (e.all_day ? allDayDate(iso) : isoWithOffset(iso, e.time_zone));

/**
 * schema.org Event with Google's required and recommended properties (decision 202). All-day events
 * carry dates; the place is a Place with a PostalAddress, or a VirtualLocation for online events.
 */
export function eventJsonLd(e: EventPage, opts: { image: string; description: string }): Record<string, unknown> {
  const location = e.is_virtual
    ? { "@type": "VirtualLocation", url: e.registration_url ?? e.url }
    : {
        "@type": "Place",
        name: e.venue_name ?? ([e.city, e.state].filter(Boolean).join(", ") || e.title),
        address: {
          "@type": "PostalAddress",
          ...(e.address ? { streetAddress: e.address } : {}),
          ...(e.city ? { addressLocality: e.city } : {}),
          ...(e.state ? { addressRegion: e.state } : {}),
          ...(e.postal_code ? { postalCode: e.postal_code } : {}),
          addressCountry: "US",
        },
        ...(e.lat !== null && e.lon !== null
          ? { geo: { "@type": "GeoCoordinates", latitude: e.lat, longitude: e.lon } }
          : {}),
      };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: e.title,
    startDate: when(e.start_time, e),
    ...(e.end_time ? { endDate: when(e.end_time, e) } : {}),
    eventStatus: e.cancelled ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: e.is_virtual
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location,
    ...(e.organizer
      ? {
          organizer: {
            "@type": "Organization",
            name: e.organizer.name,
            ...(e.organizer.url ? { url: e.organizer.url } : {}),
          },
        }
      : {}),
    description: e.description ?? opts.description,
    image: [opts.image],
    url: e.url,
  };
}

/** The JSON-LD as a <script> element whose content cannot close it (no raw "<"). */
export const jsonLdScript = (data: Record<string, unknown>) =>
  `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;

/**
 * The shell's head for one event's page: its title, description, canonical link and OpenGraph card
 * (the action pages' rewriter), then its Event JSON-LD.
 */
export function withEventMarkup(shell: Response, e: EventPage, origin: string): Response {
  const meta = eventPageMeta(e);
  // Only https pictures are shown on the page (CSP img-src https:); the card uses the same rule.
  const image = e.image_url?.startsWith("https://") ? e.image_url : new URL(SOCIAL_IMAGE_PATH, origin).toString();
  const withMeta = withActionMeta(shell, {
    title: meta.title,
    description: meta.description,
    image,
    imageAlt: e.title,
    url: new URL(meta.canonical, origin).toString(),
  });
  const script = jsonLdScript(eventJsonLd(e, { image, description: meta.description }));
  return new HTMLRewriter()
    .on("head", { element: (el) => el.onEndTag((end) => void end.before(script, { html: true })) })
    .transform(withMeta);
}
