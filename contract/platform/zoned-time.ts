/**
 * Wall-clock time and calendar days in IANA zones (SITE_TIMEZONE) without a time-zone library: Intl
 * knows every zone's DST rules, so nothing goes stale twice a year. Days are `YYYY-MM-DD` strings,
 * which order correctly as strings; day arithmetic is done on UTC dates so DST never shifts a day.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

type WallParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallParts(instant: number, timeZone: string): WallParts {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** Offset of `timeZone` from UTC at `instant` in ms (negative west of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const p = wallParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** Offset of `timeZone` from UTC at `instant`, in whole minutes (negative west of Greenwich). */
export const utcOffsetMinutes = (instant: number, timeZone: string): number =>
  Math.round(offsetMs(instant, timeZone) / 60_000);

const abbreviations = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at `instant` as US English writes it: "PST" or "PDT", "MST" in Phoenix all
 * year, "HST", "AKDT"; zones without a US name come out as "GMT+1". Intl knows when each applies.
 */
export function zoneAbbreviation(instant: Date | number, timeZone: string): string {
  let f = abbreviations.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" });
    abbreviations.set(timeZone, f);
  }
  return f.formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * The UTC instant of a wall-clock time in `timeZone`, DST-correct. In the spring-forward gap the
 * time is read with the offset before the change (02:30 becomes 03:30), as calendar apps do.
 */
export function zonedTimeToUtc(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0);
  const first = asUtc - offsetMs(asUtc, timeZone);
  return new Date(asUtc - offsetMs(first, timeZone));
}

/** 'YYYY-MM-DD' + optional 'HH:mm[:ss]' in `timeZone` → UTC. */
export function localToUtc(day: string, time: string | undefined, timeZone: string): Date {
  const [year, month, d] = day.split("-").map(Number) as [number, number, number];
  const [hour = 0, minute = 0, second = 0] = (time ?? "00:00").split(":").map(Number);
  return zonedTimeToUtc({ year, month, day: d, hour, minute, second }, timeZone);
}

/** The calendar day (YYYY-MM-DD) of `instant` in `timeZone`. */
export function dayInZone(instant: Date | number, timeZone: string): string {
  const p = wallParts(typeof instant === "number" ? instant : instant.getTime(), timeZone);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(day: string, days: number): string {
  const d = utcDate(day);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export const dayOfWeek = (day: string): number => utcDate(day).getUTCDay();

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000);
