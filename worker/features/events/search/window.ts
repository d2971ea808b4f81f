import { END_AFTER_START_MESSAGE, type SearchQuery } from "#contract/events/schemas";
import { addDays, localToUtc } from "#contract/platform/zoned-time";
import { badRequest } from "../../../platform/errors";
import type { TimeWindow } from "./model";

/**
 * "Ongoing" reaches back this far: an event that started earlier is not listed even if its end
 * is still ahead. It keeps every query a bounded index range on start time (see decision 041).
 */
export const MAX_ONGOING_DAYS = 31;

/**
 * The time frame as UTC bounds. A plain date is a whole day in SITE_TIMEZONE (an end date is
 * inclusive); a date-time is exact. Never earlier than now: only future or ongoing events.
 */
export function timeWindow(q: Pick<SearchQuery, "start" | "end">, now: Date, siteTimeZone: string): TimeWindow {
  const isDay = (v: string) => v.length === 10;
  const startMs = q.start ? (isDay(q.start) ? localToUtc(q.start, undefined, siteTimeZone) : new Date(q.start)) : now;
  const from = new Date(Math.max(startMs.getTime(), now.getTime()));
  const to = q.end ? (isDay(q.end) ? localToUtc(addDays(q.end, 1), undefined, siteTimeZone) : new Date(q.end)) : null;
  if (to && to.getTime() <= startMs.getTime()) throw badRequest(END_AFTER_START_MESSAGE);
  const earliestStart = new Date(from.getTime() - MAX_ONGOING_DAYS * 86_400_000);
  return { from: from.toISOString(), to: to?.toISOString() ?? null, earliestStart: earliestStart.toISOString() };
}
