import { addDays, dayInZone, isValidTimeZone, localToUtc } from "#contract/platform/zoned-time";
import { allDayDate } from "../events/calendar-file";

/** What the timing rules read of an event. */
export type TimedEvent = { startAtUtc: string; allDay: boolean; timeZone: string | null; isVirtual: boolean };

const HOUR = 3_600_000;
/** The reminder's hour on the day before, on the event's clock. */
export const REMINDER_TIME = "09:00";
/** How long before the start a reminder set too late for the day before goes. */
export const LATE_LEAD_MS = 2 * HOUR;
/**
 * An all-day event has no start time to be 2 hours ahead of: its day is taken to begin at 09:00 (so a late
 * reminder goes at 07:00 on the day, not at 22:00 the evening before).
 */
const ALL_DAY_BEGINS = "09:00";

/**
 * The zone whose clock the reminder keeps: the in-person event's place (decision 165), else the site's (an online
 * event, or a place of unknown zone).
 */
export const reminderZone = (e: TimedEvent, siteZone: string): string =>
  !e.isVirtual && e.timeZone && isValidTimeZone(e.timeZone) ? e.timeZone : siteZone;

/** The event's calendar day on its own clock. */
const eventDay = (e: TimedEvent, zone: string) =>
  e.allDay ? allDayDate(e.startAtUtc) : dayInZone(new Date(e.startAtUtc), zone);

/** The moment the event has begun (a timed one) or its day is over (an all-day one): too late for a reminder. */
export function eventOverAt(e: TimedEvent, siteZone: string): Date {
  const zone = reminderZone(e, siteZone);
  return e.allDay ? localToUtc(addDays(eventDay(e, zone), 1), "00:00", zone) : new Date(e.startAtUtc);
}

/**
 * When the reminder goes (decision 253): the day before at 09:00 on the event's clock; set after that moment
 * ("booked within a day"), 2 hours before the start; set later still, at once (`setAt`). DST is the zone's:
 * 09:00 is 09:00 local on either side of a change.
 */
export function reminderDueAt(e: TimedEvent, siteZone: string, setAt: Date): Date {
  const zone = reminderZone(e, siteZone);
  const day = eventDay(e, zone);
  const dayBefore = localToUtc(addDays(day, -1), REMINDER_TIME, zone);
  if (dayBefore.getTime() > setAt.getTime()) return dayBefore;
  const start = e.allDay ? localToUtc(day, ALL_DAY_BEGINS, zone) : new Date(e.startAtUtc);
  const late = new Date(start.getTime() - LATE_LEAD_MS);
  return late.getTime() > setAt.getTime() ? late : setAt;
}

/** Whether a reminder set at `dueAt` is the day-before one (the email says "tomorrow") or a late one. */
export const isDayBefore = (e: TimedEvent, siteZone: string, dueAt: Date): boolean => {
  const zone = reminderZone(e, siteZone);
  return dayInZone(dueAt, zone) < eventDay(e, zone);
};
