import { parseWebUrl } from "#contract/platform/field-rules";

/** Who runs an event: a name, and their site when known. */
export type Organizer = { name: string; url: string | null };

const webUrl = (value: string | null | undefined) => (value ? (parseWebUrl(value)?.href ?? null) : null);

/** "forestparkconservancy.org" for https://www.forestparkconservancy.org/volunteer/. */
const siteName = (url: URL) => url.hostname.replace(/^www\./, "");

/**
 * The one place an event's organiser is decided (decision 233), for the event page and anything that names the
 * organiser later (richer markup, issue 47). In order:
 * 1. the organiser's own submission (name and site as they gave them);
 * 2. the feed's own organiser of the item (an iCalendar ORGANIZER's CN, stored as `organizer_name`);
 * 3. the source the listing comes from, when it is an organisation's feed (the ingestion registry's name and site);
 * 4. the site its Register link goes to (a listing with neither: the seed's sample events, an unknown source),
 *    named by its host, since that is who the visitor will deal with.
 * Null when there is nothing to name.
 */
export function eventOrganizer(inputs: {
  submission?: { name: string; url: string | null } | null;
  feedOrganizer?: string | null;
  source?: { name: string; url: string | null } | null;
  registrationUrl: string | null;
}): Organizer | null {
  const { submission, feedOrganizer, source, registrationUrl } = inputs;
  if (submission?.name.trim()) return { name: submission.name.trim(), url: webUrl(submission.url) };
  const register = registrationUrl ? parseWebUrl(registrationUrl) : null;
  if (feedOrganizer?.trim()) {
    return { name: feedOrganizer.trim(), url: register ? register.origin : (source?.url ?? null) };
  }
  if (source) return { name: source.name, url: source.url };
  if (register) return { name: siteName(register), url: register.origin };
  return null;
}
