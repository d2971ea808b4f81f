// An event's page address, shared by the Worker (API answers, sitemap, feeds, email) and the web
// pages. Pure: the web bundle imports it.

/**
 * Event ids are random UUIDs (db/schema/columns.ts); rows written straight in SQL may hold 32 hex digits
 * without the dashes. The page path starts with one of those two forms.
 */
const ID_AT_START = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})(?:-|$)/i;

/** Letters, digits and dashes from the title: readable, and never anything a URL must escape. */
export function eventSlug(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/**
 * `/events/{id}-{slug}` (decision 202). Only the id identifies the event: a retitled event keeps
 * answering at its old address, whose canonical link names the new one.
 */
export function eventPath(event: { id: string; title: string }): string {
  const slug = eventSlug(event.title);
  return `/events/${encodeURIComponent(event.id)}${slug ? `-${slug}` : ""}`;
}

/** The event id at the start of the page path's last segment, or null when there is none. */
export function eventIdFromPathParam(param: string): string | null {
  return ID_AT_START.exec(param)?.[1]?.toLowerCase() ?? null;
}

/** The page's title, description and canonical path: written by the Worker, set again by the page after load. */
export function eventPageMeta(event: {
  id: string;
  title: string;
  description: string | null;
  city: string | null;
  state: string | null;
  is_virtual: boolean;
}): { title: string; description: string; canonical: string } {
  const where = event.is_virtual ? "online" : [event.city, event.state].filter(Boolean).join(", ");
  const text = event.description?.replace(/\s+/g, " ").trim();
  const description = text
    ? text.length > 200
      ? `${text.slice(0, 199).trimEnd()}…`
      : text
    : `${event.title}: a conservation event${where && where !== "online" ? ` in ${where}` : where ? " online" : ""}, listed on Earthkind.`;
  return { title: `${event.title} · Earthkind`, description, canonical: eventPath(event) };
}
