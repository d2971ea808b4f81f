import { addDays, addMonths } from "date-fns";

// The events page's time filter, apart from format.ts so the home teaser (which shares the card
// formatting) does not load date-fns.

export type TimeFrame = "week" | "month" | "all";

export const TIME_FRAMES: TimeFrame[] = ["week", "month", "all"];

/** This week = the next 7 days, this month = the next month; all upcoming sends no bounds. */
export function timeRange(frame: TimeFrame, now: Date): { start?: string; end?: string } {
  if (frame === "all") return {};
  const end = frame === "week" ? addDays(now, 7) : addMonths(now, 1);
  return { start: now.toISOString(), end: end.toISOString() };
}
