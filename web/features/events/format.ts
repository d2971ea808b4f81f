import { addDays, addMonths, format, isValid } from "date-fns";
import { RADIUS_OPTIONS } from "../../../worker/features/events/schemas";
import { ApiError } from "../../lib/api";
import type { EventResult } from "./api";

export type TimeFrame = "week" | "month" | "all";

export const TIME_FRAMES: { value: TimeFrame; label: string }[] = [
  { value: "week", label: "This week" },
  { value: "month", label: "This month" },
  { value: "all", label: "All upcoming" },
];

/** This week = the next 7 days, this month = the next month; all upcoming sends no bounds. */
export function timeRange(frame: TimeFrame, now: Date): { start?: string; end?: string } {
  if (frame === "all") return {};
  const end = frame === "week" ? addDays(now, 7) : addMonths(now, 1);
  return { start: now.toISOString(), end: end.toISOString() };
}

/** The spec's 'Expand to N miles': double the radius up to 100, landing on an offered option. */
export function expandedRadius(radius: number): number | null {
  if (radius >= 100) return null;
  const target = Math.min(radius * 2, 100);
  return RADIUS_OPTIONS.find((r) => r >= target) ?? 100;
}

/**
 * The calendar day of an all-day event: stored from local midnight in the event's US zone, so
 * noon after it is still that day in UTC (decision 042), whatever the viewer's zone.
 */
function allDayDate(iso: string): Date {
  const noon = new Date(new Date(iso).getTime() + 12 * 3_600_000);
  return new Date(noon.getUTCFullYear(), noon.getUTCMonth(), noon.getUTCDate());
}

/** 'MMM d, h:mm a' (with the end time when known), 'MMM d · All day', 'Time TBA' or 'Date TBA'. */
export function formatEventWhen(e: Pick<EventResult, "start_time" | "end_time" | "all_day">): string {
  if (!e.start_time) return "Time TBA";
  const start = new Date(e.start_time);
  if (!isValid(start)) return "Date TBA";
  if (e.all_day) return `${format(allDayDate(e.start_time), "MMM d")} · All day`;
  const end = e.end_time ? new Date(e.end_time) : null;
  const sameDay = end && isValid(end) && format(end, "yyyy-MM-dd") === format(start, "yyyy-MM-dd");
  return `${format(start, "MMM d, h:mm a")}${sameDay ? ` – ${format(end, "h:mm a")}` : ""}`;
}

/** Whole miles, as the spec shows distance. */
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

/** Client-side filters (spec §5): category unless 'all'; keyword trimmed, any case, on title/description/venue. */
export function filterEvents(events: EventResult[], category: string, keyword: string): EventResult[] {
  const kw = keyword.trim().toLowerCase();
  return events.filter(
    (e) =>
      (category === "all" || e.category === category) &&
      (!kw || [e.title, e.description, e.venue_name].some((t) => t?.toLowerCase().includes(kw))),
  );
}
