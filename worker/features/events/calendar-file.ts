import { parseWebUrl } from "#contract/platform/field-rules";
import { isValidTimeZone } from "#contract/platform/zoned-time";
import { vtimezoneLines, zonedDateTimeValue } from "./calendar-time-zones";

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
  /** The event's IANA zone; null for online events and unknown places. */
  timeZone: string | null;
  registrationUrl: string | null;
  isVirtual: boolean;
  /** Cancelled by its source (decision 200): written STATUS:CANCELLED, so subscribed calendars strike it. */
  cancelled?: boolean;
  /** The event's page on this site (decision 202): the URL property; registration stays in the description. */
  pageUrl: string;
};

/**
 * The calendar day of an all-day event. All-day events are stored from local midnight in the
 * event's zone; every US zone is 4–11 hours behind UTC, so noon after that instant is still the
 * same day in UTC (decision 042). This needs no per-event time zone.
 */
export const allDayDate = (iso: string) =>
  new Date(new Date(iso).getTime() + 12 * 3_600_000).toISOString().slice(0, 10);

const compact = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const dateValue = (day: string) => day.replace(/-/g, "");
const utcValue = (iso: string) => compact(new Date(iso).toISOString());

/**
 * TEXT as RFC 5545 wants it: any line break (CRLF, LF or a lone CR) becomes `\n`, backslash,
 * semicolon and comma are escaped, and other control characters are dropped, so no value can end
 * its line early and start a property of its own.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n|\r|\n/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "")
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, "\\n")
  );
}

/**
 * Only a parsed http(s) URL's href goes in (the URL parser drops tabs and line breaks and
 * percent-encodes spaces and controls), so a stored value can never start a new .ics line.
 */
function safeUrl(value: string | null): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls go before the URL is parsed
  return value ? (parseWebUrl(value.replace(/[\u0000-\u001f\u007f]/g, ""))?.href ?? null) : null;
}

const encoder = new TextEncoder();

/**
 * RFC 5545 folding: no line longer than 75 octets, continuation lines start with one space (so
 * carry at most 74 octets of content), and a multi-byte UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

/**
 * The zone a timed in-person event's times are written in (decision 167): its own, when it is one
 * Intl knows. All-day events are dates; online events and unknown zones stay in UTC.
 */
function writtenZone(e: CalendarEvent): string | null {
  return !e.allDay && !e.isVirtual && e.timeZone && isValidTimeZone(e.timeZone) ? e.timeZone : null;
}

/** The lines of one VEVENT. The UID is the event's id at this site, the same in every file and feed. */
function eventLines(e: CalendarEvent, siteHost: string, stamp: string): string[] {
  const lines: string[] = ["BEGIN:VEVENT", `UID:${escapeText(`${e.id}@${siteHost}`)}`, `DTSTAMP:${stamp}`];
  const zone = writtenZone(e);
  if (e.allDay) {
    lines.push(`DTSTART;VALUE=DATE:${dateValue(allDayDate(e.startAtUtc))}`);
    if (e.endAtUtc) lines.push(`DTEND;VALUE=DATE:${dateValue(allDayDate(e.endAtUtc))}`);
  } else if (zone) {
    lines.push(`DTSTART;TZID=${zone}:${zonedDateTimeValue(e.startAtUtc, zone)}`);
    if (e.endAtUtc) lines.push(`DTEND;TZID=${zone}:${zonedDateTimeValue(e.endAtUtc, zone)}`);
  } else {
    lines.push(`DTSTART:${utcValue(e.startAtUtc)}`);
    if (e.endAtUtc) lines.push(`DTEND:${utcValue(e.endAtUtc)}`);
  }
  lines.push(`SUMMARY:${escapeText(e.title)}`);
  if (e.cancelled) lines.push("STATUS:CANCELLED");
  const url = safeUrl(e.registrationUrl);
  const description = [e.description, url ? `Details and registration: ${url}` : null].filter(Boolean).join("\n\n");
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  const place = e.isVirtual
    ? "Online"
    : [e.venueName, e.address ?? [e.city, e.state].filter(Boolean).join(", ")].filter(Boolean).join(", ");
  if (place) lines.push(`LOCATION:${escapeText(place)}`);
  const page = safeUrl(e.pageUrl);
  if (page) lines.push(`URL:${page}`);
  lines.push("END:VEVENT");
  return lines;
}

/** A subscribed calendar's name and how often clients should fetch it again (RFC 7986). */
export type CalendarFeedInfo = { name: string; refreshSeconds: number };

/**
 * An iCalendar file (RFC 5545) of any number of events, written line by line so escaping and
 * folding are ours. With `feed`, the calendar carries its name and refresh interval.
 */
export function eventsToIcs(list: CalendarEvent[], siteHost: string, now: Date, feed?: CalendarFeedInfo): string {
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Earthkind//Local Events//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
  ];
  if (feed) {
    lines.push(
      `NAME:${escapeText(feed.name)}`,
      `X-WR-CALNAME:${escapeText(feed.name)}`,
      `REFRESH-INTERVAL;VALUE=DURATION:PT${feed.refreshSeconds}S`,
      `X-PUBLISHED-TTL:PT${feed.refreshSeconds}S`,
    );
  }
  // RFC 5545 wants a VTIMEZONE for every TZID used, covering the times written in it.
  const spans = new Map<string, { start: number; end: number }>();
  for (const e of list) {
    const zone = writtenZone(e);
    if (!zone) continue;
    const start = new Date(e.startAtUtc).getTime();
    const end = e.endAtUtc ? new Date(e.endAtUtc).getTime() : start;
    const span = spans.get(zone);
    spans.set(zone, span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end });
  }
  for (const [zone, span] of spans) lines.push(...vtimezoneLines(zone, span.start, span.end));
  const stamp = utcValue(now.toISOString());
  for (const e of list) lines.push(...eventLines(e, siteHost, stamp));
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** One event as an iCalendar file. */
export const eventToIcs = (e: CalendarEvent, siteHost: string, now: Date): string => eventsToIcs([e], siteHost, now);

/** A safe download name: letters, digits and dashes from the title. */
export function icsFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "event"}.ics`;
}
