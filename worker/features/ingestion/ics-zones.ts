import ICAL from "ical.js";
import { findIana } from "windows-iana";
import { isValidTimeZone } from "#contract/platform/zoned-time";
import { WINDOWS_DISPLAY_NAMES } from "./state-time-zones";

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTimezone = InstanceType<typeof ICAL.Timezone>;

/** How one TZID of one feed is read. */
export type ZoneRule =
  | { kind: "utc" }
  | { kind: "iana"; zone: string }
  | { kind: "offset"; minutes: number }
  | { kind: "vtimezone"; zone: IcalTimezone }
  | { kind: "floating" };

/**
 * The VTIMEZONEs one feed defines, by TZID. Kept per feed (never registered in ical.js's
 * isolate-wide TimezoneService), so two feeds that define the same custom TZID differently each
 * get their own rules whatever order they are read in (decision 101).
 */
export function feedZones(calendars: IcalComponent[]): Map<string, IcalTimezone> {
  const zones = new Map<string, IcalTimezone>();
  for (const calendar of calendars) {
    for (const tz of calendar.getAllSubcomponents("vtimezone")) {
      try {
        const tzid = String(tz.getFirstPropertyValue("tzid") ?? "");
        if (tzid && !zones.has(tzid)) zones.set(tzid, new ICAL.Timezone({ component: tz, tzid }));
      } catch {
        // A broken VTIMEZONE only matters for its own TZID, which then resolves another way.
      }
    }
  }
  return zones;
}

const UTC_NAMES = new Set(["utc", "z", "gmt", "etc/utc", "etc/gmt", "ut", "zulu", "universal", "greenwich"]);

/** The IANA zone a Windows id or Outlook display name stands for ("(UTC-05:00) Eastern Time (US & Canada)"). */
function windowsZone(tzid: string): string | null {
  const direct = findIana(tzid)[0];
  if (direct) return direct;
  const display = /^\((?:UTC|GMT)\s*(?:[+-]\d{1,2}[:.]?\d{2})?\)\s*(.+)$/i.exec(tzid)?.[1];
  if (!display) return null;
  const id = WINDOWS_DISPLAY_NAMES[display.trim().toLowerCase()];
  return id ? (findIana(id)[0] ?? null) : null;
}

/** "GMT-0500", "UTC+01:00", "(UTC-05:00)": a fixed offset, in minutes east of UTC. */
function fixedOffset(tzid: string): number | null {
  const m = /^\(?(?:UTC|GMT)\s*([+-])(\d{1,2})(?:[:.]?(\d{2}))?\)?$/i.exec(tzid.trim());
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return minutes > 14 * 60 ? null : (m[1] === "-" ? -1 : 1) * minutes;
}

/**
 * What a TZID means. IANA names (also behind `/mozilla.org/…/` style prefixes) convert with Intl,
 * DST-correct whatever rules the feed carries; Windows ids and Outlook display names are mapped to
 * IANA; a fixed "GMT-05:00" is an offset; anything else uses the feed's own VTIMEZONE; a TZID with
 * none of these is floating (the pipeline's zone then applies).
 */
export function resolveTzid(raw: string | null | undefined, zones: Map<string, IcalTimezone>): ZoneRule {
  const tzid = (raw ?? "").trim().replace(/^"|"$/g, "");
  if (!tzid) return { kind: "floating" };
  if (UTC_NAMES.has(tzid.toLowerCase())) return { kind: "utc" };
  if (isValidTimeZone(tzid)) return { kind: "iana", zone: tzid };
  // "/mozilla.org/20070129_1/America/New_York", "/softwarestudio.org/Olson_20011030_5/America/Denver".
  const parts = tzid.split("/").filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const tail = parts.slice(i).join("/");
    if (tail.includes("/") && isValidTimeZone(tail)) return { kind: "iana", zone: tail };
  }
  const windows = windowsZone(tzid);
  if (windows && isValidTimeZone(windows)) return { kind: "iana", zone: windows };
  const offset = fixedOffset(tzid);
  if (offset !== null) return offset === 0 ? { kind: "utc" } : { kind: "offset", minutes: offset };
  const own = zones.get(raw ?? "") ?? zones.get(tzid);
  if (own) return { kind: "vtimezone", zone: own };
  return { kind: "floating" };
}
