import { RADIUS_OPTIONS } from "../../../worker/features/events/constants";
import type { EventResult } from "./api";

/** The spec's 'Expand to N miles': double the radius up to 100, landing on an offered option. */
export function expandedRadius(radius: number): number | null {
  if (radius >= 100) return null;
  const target = Math.min(radius * 2, 100);
  return RADIUS_OPTIONS.find((r) => r >= target) ?? 100;
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
