import { ApiError } from "../../lib/api-error";
import type { MessageValues } from "../../lib/i18n";
import type { EventResult } from "./api";

/**
 * The page language's words and `Intl` tag (`useT()` gives both), so the server's render and the browser's agree
 * in either language: "Dec 5, 9:00 AM PST" on an English page, "5 dic, 9:00 a.m. PST" on a Spanish one.
 */
export type EventText = { t: (id: string, values?: MessageValues) => string; tag: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", hour12: true };
const OPTIONS = {
  day: { month: "short", day: "numeric" },
  time: TIME,
  // "9:00 AM PST": Intl names the zone as US English does, standard or daylight as the date requires.
  zoned: { ...TIME, timeZoneName: "short" },
  ymd: { year: "numeric", month: "2-digit", day: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Intl in the page's tag (in en-US, what date-fns' 'MMM d' and 'h:mm a' print), cached per tag, zone and pattern. */
function formatInTag(tag: string, date: Date, pattern: keyof typeof OPTIONS, timeZone: string | undefined): string {
  const key = `${tag}|${pattern}|${timeZone}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(pattern === "ymd" ? "en-CA" : tag, { ...OPTIONS[pattern], timeZone });
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
export function formatEventWhen(
  { t, tag }: EventText,
  e: WhenFields,
  siteZone: string,
  viewerZone?: string | null,
): string {
  if (!e.start_time) return t("events.when.timeTba");
  const start = new Date(e.start_time);
  if (Number.isNaN(start.getTime())) return t("events.when.dateTba");
  const formatIn = (date: Date, pattern: keyof typeof OPTIONS, timeZone: string | undefined) =>
    formatInTag(tag, date, pattern, timeZone);
  if (e.all_day)
    return t("events.when.allDay", { day: formatIn(new Date(start.getTime() + 12 * 3_600_000), "day", "UTC") });
  const yours = e.is_virtual && viewerZone !== null;
  const zone = (!e.is_virtual && e.time_zone) || (yours ? viewerZone : siteZone);
  const end = e.end_time ? new Date(e.end_time) : null;
  let range = formatIn(start, "zoned", zone);
  if (end && !Number.isNaN(end.getTime()) && formatIn(end, "ymd", zone) === formatIn(start, "ymd", zone)) {
    const until = formatIn(end, "zoned", zone);
    // The zone is named once, after the end, unless a DST change falls between (an overnight event).
    range = `${range.endsWith(until.slice(until.lastIndexOf(" "))) ? formatIn(start, "time", zone) : range} – ${until}`;
  }
  const when = `${formatIn(start, "day", zone)}, ${range}`;
  return yours ? t("events.when.yourTime", { when }) : when;
}

/**
 * "Last confirmed Mar 5, 2030": the day its source last listed the event (decision 200), in the site's zone so
 * the server's and the browser's render agree.
 */
export function lastConfirmedText(
  { t, tag }: EventText,
  iso: string | null | undefined,
  siteZone: string,
): string | null {
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  return t("events.card.lastConfirmed", { date: confirmedDay(tag, at.toISOString(), siteZone) });
}

/** "Mar 5, 2030" ("5 mar 2030" in Spanish) in the site's zone: the same text on the server and after hydration. */
export const confirmedDay = (tag: string, iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(tag, { month: "short", day: "numeric", year: "numeric", timeZone }).format(new Date(iso));

/** Whole miles, as the spec shows distance: "5 miles away", "a 5 millas". */
export const formatMiles = ({ t }: EventText, miles: number) =>
  t("events.card.milesAway", { miles: Math.round(miles) });

/** The spec's three error texts: the server's message (in the page's language), the HTTP status line, or a generic one. */
export function searchErrorText({ t }: EventText, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t("events.search.failed");
    if (error.code === "http_error" && error.message.startsWith("HTTP ")) return error.message;
    return t("events.search.error", { message: error.message });
  }
  return t("events.search.failed");
}
