import { ApiError } from "../../lib/api-error";
import type { EventResult } from "./api";

const formatters = new Map<string, Intl.DateTimeFormat>();
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", hour12: true };
const OPTIONS = {
  day: { month: "short", day: "numeric" },
  time: TIME,
  // "9:00 AM PST": Intl names the zone as US English does, standard or daylight as the date requires.
  zoned: { ...TIME, timeZoneName: "short" },
  ymd: { year: "numeric", month: "2-digit", day: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Intl in en-US (what date-fns' 'MMM d' and 'h:mm a' print), cached per zone and pattern. */
function formatIn(date: Date, pattern: keyof typeof OPTIONS, timeZone: string | undefined): string {
  const key = `${pattern}|${timeZone}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(pattern === "ymd" ? "en-CA" : "en-US", { ...OPTIONS[pattern], timeZone });
    formatters.set(key, fmt);
  }
  // ICU puts a narrow no-break space before AM/PM; the copy uses a plain one.
  return fmt.format(date).replace(/\s/g, " ");
}

export type WhenFields = Pick<EventResult, "start_time" | "end_time" | "all_day" | "is_virtual" | "time_zone">;

/**
 * The spec's 'MMM d, h:mm a' (with the end time when on the same day) followed by the zone's
 * abbreviation (decision 166): an in-person event at its own place's clock ("Dec 5, 9:00 AM PST",
 * the same wherever it is viewed and on the server); an online event in the viewer's zone, saying
 * so ("Dec 5, 12:00 PM EST (your time)"), or the site's until the page knows the viewer's.
 * `viewerZone`: null while the server renders and the browser hydrates (the server cannot know it, and
 * both must print the same text), undefined for the browser's own zone, or a zone (tests).
 * 'MMM d · All day' for all-day events (a calendar day in any zone: stored from local midnight, so
 * noon after it is still that day in UTC, decision 042), 'Time TBA' and 'Date TBA' as the spec says.
 * The API answers only zones Intl knows, and the viewer's comes from Intl itself.
 */
export function formatEventWhen(e: WhenFields, siteZone: string, viewerZone?: string | null): string {
  if (!e.start_time) return "Time TBA";
  const start = new Date(e.start_time);
  if (Number.isNaN(start.getTime())) return "Date TBA";
  if (e.all_day) return `${formatIn(new Date(start.getTime() + 12 * 3_600_000), "day", "UTC")} · All day`;
  const yours = e.is_virtual && viewerZone !== null;
  const zone = (!e.is_virtual && e.time_zone) || (yours ? viewerZone : siteZone);
  const end = e.end_time ? new Date(e.end_time) : null;
  let range = formatIn(start, "zoned", zone);
  if (end && !Number.isNaN(end.getTime()) && formatIn(end, "ymd", zone) === formatIn(start, "ymd", zone)) {
    const until = formatIn(end, "zoned", zone);
    // The zone is named once, after the end, unless a DST change falls between (an overnight event).
    range = `${range.endsWith(until.slice(until.lastIndexOf(" "))) ? formatIn(start, "time", zone) : range} – ${until}`;
  }
  return `${formatIn(start, "day", zone)}, ${range}${yours ? " (your time)" : ""}`;
}

/** Whole miles, as the spec shows distance. */
/**
 * "Last confirmed Mar 5, 2030": the day its source last listed the event (decision 200), in the site's zone so
 * the server's and the browser's render agree.
 */
export function lastConfirmedText(iso: string | null | undefined, siteZone: string): string | null {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: siteZone });
  return `Last confirmed ${day.format(at)}`;
}

export const formatMiles = (miles: number) => `${Math.round(miles)} ${Math.round(miles) === 1 ? "mile" : "miles"} away`;

/** The spec's three error texts: the server's message, the HTTP status line, or a generic one. */
export function searchErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return "Failed to load events";
    if (error.code === "http_error" && error.message.startsWith("HTTP ")) return error.message;
    return `Error: ${error.message}`;
  }
  return "Failed to load events";
}
