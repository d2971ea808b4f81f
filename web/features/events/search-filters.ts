import { RADIUS_OPTIONS } from "#contract/events/constants";

/** The spec's 'Expand to N miles': double the radius up to 100, landing on an offered option. */
export function expandedRadius(radius: number): number | null {
  if (radius >= 100) return null;
  const target = Math.min(radius * 2, 100);
  return RADIUS_OPTIONS.find((r) => r >= target) ?? 100;
}
