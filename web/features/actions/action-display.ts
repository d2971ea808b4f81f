import type { ActionLink, PublicAction } from "#contract/actions/schemas";
import { actionPagePath } from "#contract/pages/linked-paths";

export const DEFAULT_ACTION_IMAGE = "/images/wildflower-default.svg";
export const DEFAULT_CTA_LABEL = "Do This Week's Action";

/** The spec's fallback content for the home card when the action is missing or fails to load. */
export const FALLBACK_ACTION = {
  title: "Plant Native Wildflowers for Local Pollinators",
  summary:
    "Give bees, butterflies and other pollinators a boost by planting a small patch of native wildflowers in your yard, on a balcony or in a community space.",
  time_required: "30-45 minutes",
  materials: ["Native wildflower seeds", "A small area of soil", "Basic gardening tools"],
  image_url: DEFAULT_ACTION_IMAGE,
  cta_label: DEFAULT_CTA_LABEL,
} as const;

/** Spec §3: non-string or empty materials are dropped on display (stored JSON may predate validation). */
export function displayMaterials(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((m): m is string => typeof m === "string" && m.trim() !== "") : [];
}

/** Spec (preview): links are used only when every item has a label and a url; otherwise none. */
export function acceptedLinks(list: unknown): ActionLink[] {
  if (!Array.isArray(list)) return [];
  const ok = list.every(
    (l) =>
      typeof l === "object" &&
      l !== null &&
      typeof l.label === "string" &&
      l.label &&
      typeof l.url === "string" &&
      l.url,
  );
  return ok ? (list as ActionLink[]) : [];
}

// Calendar dates: formatted in UTC, where "YYYY-MM-DD" is that very day for every viewer and the server. The
// formatters are made once: `toLocaleDateString` with options builds a new one on every call, which was the
// costliest function of a server render of /actions (bench/README.md, page CPU profile).
const monthDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric" });
const monthDayYear = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/** "May 4 – May 10, 2026" (or one date when they are the same day). */
export function formatDateRange(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  const s = new Date(`${start}T00:00:00Z`);
  const e = new Date(`${end}T00:00:00Z`);
  const format = (d: Date, withYear: boolean) => (withYear ? monthDayYear : monthDay).format(d);
  if (start === end) return format(s, true);
  const sameYear = s.getUTCFullYear() === e.getUTCFullYear();
  return `${format(s, !sameYear)} – ${format(e, true)}`;
}

export const actionPath = (a: Pick<PublicAction, "slug">) => actionPagePath(a.slug);
