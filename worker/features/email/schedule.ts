/**
 * Time-zone arithmetic for the weekly send: "09:00 SITE_TIMEZONE on the start date" as a UTC instant,
 * correct on DST change days (Cron Triggers fire in UTC). Intl only, so it runs on Workers as is.
 */
export const SEND_HOUR = 9;
/** An action with no end date counts as a week long. */
const DEFAULT_ACTION_DAYS = 7;

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

function wallClock(instant: number, timeZone: string) {
  const parts = formatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (negative west of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant at which the zone's clock shows `date` `hour:minute`. */
export function zonedTimeToUtc(date: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // First guess with the offset at the wall time read as UTC, then correct with the offset that
  // actually applies at the guessed instant (they differ when a DST change falls in between).
  const guess = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(guess, timeZone));
}

/** The calendar date (YYYY-MM-DD) in the zone at an instant. */
export function localDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export const weeklySendDueAt = (startDate: string, timeZone: string) =>
  zonedTimeToUtc(startDate, SEND_HOUR, 0, timeZone);

/**
 * Due from 09:00 on the start date until the action's last day. A send missed for longer (the
 * Worker was down all week, or an admin back-dated an action) is not sent late: a stale "this
 * week's action" in 100,000 inboxes is worse than none, and the admin can still trigger it.
 */
export function isSendDue(
  action: { startDate: string | null; endDate: string | null },
  now: Date,
  timeZone: string,
): boolean {
  if (!action.startDate || !/^\d{4}-\d{2}-\d{2}$/.test(action.startDate)) return false;
  if (now.getTime() < weeklySendDueAt(action.startDate, timeZone).getTime()) return false;
  const lastDay = action.endDate ?? addDays(action.startDate, DEFAULT_ACTION_DAYS - 1);
  return localDate(now, timeZone) <= lastDay;
}
