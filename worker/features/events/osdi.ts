import { and, asc, count, gte, inArray, or, sql } from "drizzle-orm";
import { eventPath } from "#contract/events/event-path";
import type { OsdiEvent, OsdiEventsPage } from "#contract/events/open-data-responses";
import { streetAddressOf } from "#contract/events/street-address";
import { events } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { allDayDate } from "./calendar-file";
import { MAX_ONGOING_DAYS } from "./search";

type Row = typeof events.$inferSelect;
type Site = { siteOrigin: string; siteName: string };

export const OSDI_BASE = "/api/osdi/v1";
const CURIES = [
  { name: "osdi" as const, href: "https://opensupporter.github.io/osdi-docs/{rel}", templated: true as const },
];

/** A listed event as an OSDI Event (opensupporter.github.io/osdi-docs/events.html), the fields we know. */
export function toOsdiEvent(r: Row, site: Site): OsdiEvent {
  const street = streetAddressOf(r.address, { city: r.city, state: r.state, postal_code: r.postalCode });
  const paid = r.priceCents !== null && r.priceCents > 0;
  return {
    identifiers: [`earthkind:${r.id}`],
    origin_system: site.siteName,
    created_date: r.createdAt,
    modified_date: r.updatedAt || r.createdAt,
    name: r.title,
    title: r.title,
    ...(r.description ? { description: r.description, summary: r.description.split("\n")[0]?.slice(0, 280) } : {}),
    browser_url: new URL(eventPath(r), site.siteOrigin).toString(),
    type: paid ? "ticketed" : "open",
    ...(paid
      ? { ticket_options: [{ title: "Admission", amount: (r.priceCents ?? 0) / 100, currency: "USD" as const }] }
      : {}),
    status: r.status === "cancelled" ? "cancelled" : "confirmed",
    start_date: r.startAtUtc,
    ...(r.endAtUtc ? { end_date: r.endAtUtc } : {}),
    all_day: r.allDay,
    ...(r.allDay ? { all_day_date: allDayDate(r.startAtUtc) } : {}),
    visibility: "public",
    transparence: "opaque",
    ...(r.isVirtual
      ? {}
      : {
          location: {
            ...(r.venueName ? { venue: r.venueName } : {}),
            ...(street ? { address_lines: [street] } : {}),
            ...(r.city ? { locality: r.city } : {}),
            ...(r.state ? { region: r.state } : {}),
            ...(r.postalCode ? { postal_code: r.postalCode } : {}),
            country: "US" as const,
            ...(r.lat !== null && r.lon !== null
              ? { location: { latitude: r.lat, longitude: r.lon, accuracy: "Approximate" as const } }
              : {}),
          },
        }),
    _links: { self: { href: new URL(`${OSDI_BASE}/events/${r.id}`, site.siteOrigin).toString() } },
  };
}

/** Listed (approved or cancelled) events that have not ended, as the search bounds them (decision 162). */
const upcoming = (now: Date) =>
  and(
    inArray(events.status, ["approved", "cancelled"]),
    gte(events.startAtUtc, new Date(now.getTime() - MAX_ONGOING_DAYS * 86_400_000).toISOString()),
    or(
      gte(events.startAtUtc, now.toISOString()),
      gte(sql`coalesce(${events.endAtUtc}, ${events.startAtUtc})`, now.toISOString()),
    ),
  );

/** One page of upcoming listed events, soonest first, with OSDI's paging fields and HAL links. */
export async function osdiEventsPage(
  db: Db,
  q: { page: number; per_page: number },
  site: Site & { now: Date },
): Promise<OsdiEventsPage> {
  const where = upcoming(site.now);
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(asc(events.startAtUtc), asc(events.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(events).where(where),
  ]);
  const records = total?.n ?? 0;
  const totalPages = Math.max(1, Math.ceil(records / q.per_page));
  const pageUrl = (page: number) =>
    new URL(`${OSDI_BASE}/events?page=${page}&per_page=${q.per_page}`, site.siteOrigin).toString();
  const embedded = rows.map((r) => toOsdiEvent(r, site));
  return {
    total_pages: totalPages,
    per_page: q.per_page,
    page: q.page,
    total_records: records,
    _links: {
      self: { href: pageUrl(q.page) },
      ...(q.page < totalPages ? { next: { href: pageUrl(q.page + 1) } } : {}),
      ...(q.page > 1 ? { prev: { href: pageUrl(Math.min(q.page - 1, totalPages)) } } : {}),
      "osdi:events": embedded.map((e) => e._links.self),
      curies: CURIES,
    },
    _embedded: { "osdi:events": embedded },
  };
}
