import type { EventPage } from "#contract/events/schemas";
import { allDayDate } from "./calendar-file";

type Linked = Pick<
  EventPage,
  | "title"
  | "description"
  | "start_time"
  | "end_time"
  | "all_day"
  | "is_virtual"
  | "venue_name"
  | "address"
  | "city"
  | "state"
  | "registration_url"
  | "url"
>;

/** Calendar links carry the description this far: a link has to stay a link (browsers and mail cut long ones). */
const DETAILS_MAX = 1000;
/** A timed event without an end: an hour, as the calendars themselves assume. */
const DEFAULT_MS = 3_600_000;

const compactUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const isoUtc = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}/, "");

function place(e: Linked): string {
  if (e.is_virtual) return e.registration_url ?? "Online";
  return [e.venue_name, e.address ?? [e.city, e.state].filter(Boolean).join(", ")].filter(Boolean).join(", ");
}

function details(e: Linked): string {
  const text = (e.description ?? "").trim();
  const cut = text.length > DETAILS_MAX ? `${text.slice(0, DETAILS_MAX - 1)}…` : text;
  return [cut, `Details: ${e.url}`].filter(Boolean).join("\n\n");
}

/** Start and end as the calendars want them: whole days (end exclusive) or UTC instants. */
function span(e: Linked) {
  if (e.all_day) {
    const start = allDayDate(e.start_time);
    const end = e.end_time ? allDayDate(e.end_time) : null;
    const next = new Date(Date.parse(`${start}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return { allDay: true as const, start, end: end && end > start ? end : next };
  }
  const end = e.end_time && Date.parse(e.end_time) > Date.parse(e.start_time) ? e.end_time : null;
  return {
    allDay: false as const,
    start: e.start_time,
    end: end ?? new Date(Date.parse(e.start_time) + DEFAULT_MS).toISOString(),
  };
}

/**
 * "Add to Google Calendar" and "Add to Outlook" links for an event's page (decision 233): each opens the calendar's
 * own new-event form, filled in, so nothing runs on our page and no file is needed. The `.ics` download stays for
 * everything else (Apple Calendar, Thunderbird, a phone's own calendar).
 */
export function calendarLinks(e: Linked): { google: string; outlook: string } {
  const s = span(e);
  const google = new URL("https://calendar.google.com/calendar/render");
  google.searchParams.set("action", "TEMPLATE");
  google.searchParams.set("text", e.title);
  google.searchParams.set(
    "dates",
    s.allDay
      ? `${s.start.replaceAll("-", "")}/${s.end.replaceAll("-", "")}`
      : `${compactUtc(s.start)}/${compactUtc(s.end)}`,
  );
  google.searchParams.set("details", details(e));
  google.searchParams.set("location", place(e));

  const outlook = new URL("https://outlook.live.com/calendar/0/deeplink/compose");
  outlook.searchParams.set("path", "/calendar/action/compose");
  outlook.searchParams.set("rru", "addevent");
  outlook.searchParams.set("subject", e.title);
  outlook.searchParams.set("startdt", s.allDay ? s.start : isoUtc(s.start));
  outlook.searchParams.set("enddt", s.allDay ? s.end : isoUtc(s.end));
  outlook.searchParams.set("allday", String(s.allDay));
  outlook.searchParams.set("body", details(e));
  outlook.searchParams.set("location", place(e));
  return { google: google.href, outlook: outlook.href };
}
