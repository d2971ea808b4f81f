import { isCalendarDate } from "#contract/platform/field-rules";
import { addDays, dayInZone, dayOfWeek, localToUtc } from "#contract/platform/zoned-time";

/**
 * The weekly send's timing. Weeks run Sunday–Saturday, but the email goes out on the first Monday
 * within the action's run (the start date when that is a Monday; the start date itself when the run
 * has no Monday), at 09:00 in each subscriber's own time zone — one wave per zone. Intl only, so it
 * runs on Workers as is and every zone's DST rules are current.
 */
export const SEND_HOUR = 9;
/** An action with no end date counts as a week long. */
const DEFAULT_ACTION_DAYS = 7;
const MONDAY = 1;
const SEND_TIME = `${String(SEND_HOUR).padStart(2, "0")}:00`;

type ActionDates = { startDate: string | null; endDate: string | null };

/** The action's last day: its end date, or a week from the start. */
export const lastDayOf = (startDate: string, endDate: string | null) =>
  endDate && endDate >= startDate ? endDate : addDays(startDate, DEFAULT_ACTION_DAYS - 1);

/** The calendar day the weekly email goes out: the first Monday in [start, last day], else the start. */
export function weeklySendDay(startDate: string, endDate: string | null): string {
  const last = lastDayOf(startDate, endDate);
  const toMonday = (MONDAY - dayOfWeek(startDate) + 7) % 7;
  const monday = addDays(startDate, toMonday);
  return monday <= last ? monday : startDate;
}

/** 09:00 on the send day in `timeZone`, as a UTC instant (correct on DST change days). */
export const weeklySendDueAt = (sendDay: string, timeZone: string) => localToUtc(sendDay, SEND_TIME, timeZone);

/** Midnight after `day` in `timeZone`: the end of that calendar day there. */
export const endOfDayAt = (day: string, timeZone: string) => localToUtc(addDays(day, 1), "00:00", timeZone);

/**
 * A zone's wave is due from 09:00 on the send day there until the end of the action's last day
 * there. A wave missed for longer (the Worker was down all week, or an admin back-dated an action)
 * is not sent late: a stale "this week's action" in 100,000 inboxes is worse than none, and the
 * admin can still trigger it.
 */
export function isWaveDue(action: ActionDates, now: Date, timeZone: string): boolean {
  if (!action.startDate || !isCalendarDate(action.startDate)) return false;
  const sendDay = weeklySendDay(action.startDate, action.endDate);
  if (now.getTime() < weeklySendDueAt(sendDay, timeZone).getTime()) return false;
  return dayInZone(now, timeZone) <= lastDayOf(action.startDate, action.endDate);
}

/** The send of this action is due somewhere: in at least one of the zones. */
export const isSendDue = (action: ActionDates, now: Date, timeZones: readonly string[]) =>
  timeZones.some((tz) => isWaveDue(action, now, tz));
