import { isCalendarDate } from "../../platform/field-rules";
import { addDays, dayInZone, localToUtc } from "../../platform/zoned-time";

/**
 * The weekly send's timing: "09:00 SITE_TIMEZONE on the start date" as a UTC instant,
 * correct on DST change days (Cron Triggers fire in UTC). Intl only, so it runs on Workers as is.
 */
export const SEND_HOUR = 9;
/** An action with no end date counts as a week long. */
const DEFAULT_ACTION_DAYS = 7;

export const weeklySendDueAt = (startDate: string, timeZone: string) =>
  localToUtc(startDate, `${String(SEND_HOUR).padStart(2, "0")}:00`, timeZone);

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
  if (!action.startDate || !isCalendarDate(action.startDate)) return false;
  if (now.getTime() < weeklySendDueAt(action.startDate, timeZone).getTime()) return false;
  const lastDay = action.endDate ?? addDays(action.startDate, DEFAULT_ACTION_DAYS - 1);
  return dayInZone(now, timeZone) <= lastDay;
}
