import ICAL from "ical.js";
import { parseWebUrl } from "../../platform/field-rules";

export type CalendarEvent = {
  id: string;
  title: string;
  description: string | null;
  venueName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  startAtUtc: string;
  endAtUtc: string | null;
  allDay: boolean;
  registrationUrl: string | null;
  isVirtual: boolean;
};

/**
 * The calendar day of an all-day event. All-day events are stored from local midnight in the
 * event's zone; every US zone is 4–11 hours behind UTC, so noon after that instant is still the
 * same day in UTC (decision 042). This needs no per-event time zone.
 */
export const allDayDate = (iso: string) =>
  new Date(new Date(iso).getTime() + 12 * 3_600_000).toISOString().slice(0, 10);

const dateValue = (day: string) => ICAL.Time.fromDateString(day);
const utcValue = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);

/** One event as an iCalendar file (RFC 5545): ical.js escapes text and folds long lines. */
export function eventToIcs(e: CalendarEvent, siteHost: string, now: Date): string {
  const calendar = new ICAL.Component(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", "-//Earthkind//Local Events//EN");
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("calscale", "GREGORIAN");
  calendar.updatePropertyWithValue("method", "PUBLISH");

  const vevent = new ICAL.Component("vevent");
  vevent.updatePropertyWithValue("uid", `${e.id}@${siteHost}`);
  vevent.updatePropertyWithValue("dtstamp", utcValue(now.toISOString()));
  if (e.allDay) {
    vevent.updatePropertyWithValue("dtstart", dateValue(allDayDate(e.startAtUtc)));
    if (e.endAtUtc) vevent.updatePropertyWithValue("dtend", dateValue(allDayDate(e.endAtUtc)));
  } else {
    vevent.updatePropertyWithValue("dtstart", utcValue(e.startAtUtc));
    if (e.endAtUtc) vevent.updatePropertyWithValue("dtend", utcValue(e.endAtUtc));
  }
  vevent.updatePropertyWithValue("summary", e.title);
  const description = [e.description, e.registrationUrl ? `Details and registration: ${e.registrationUrl}` : null]
    .filter(Boolean)
    .join("\n\n");
  if (description) vevent.updatePropertyWithValue("description", description);
  const place = e.isVirtual
    ? "Online"
    : [e.venueName, e.address ?? [e.city, e.state].filter(Boolean).join(", ")].filter(Boolean).join(", ");
  if (place) vevent.updatePropertyWithValue("location", place);
  // ical.js escapes text but writes a URI value as is: only a parsed http(s) URL's href (which
  // cannot hold CR, LF or spaces) goes in, so a stored value can never start a new .ics line.
  const url = e.registrationUrl ? parseWebUrl(e.registrationUrl)?.href : undefined;
  if (url) vevent.updatePropertyWithValue("url", url);
  calendar.addSubcomponent(vevent);
  return `${calendar.toString()}\r\n`;
}

/** A safe download name: letters, digits and dashes from the title. */
export function icsFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "event"}.ics`;
}
