// Events constants shared by the Worker and the web pages; no zod here (decision 143).

/** Search radius options in miles (spec §9); the page and the API accept only these. */
export const RADIUS_OPTIONS = [5, 10, 25, 50, 100] as const;
export type Radius = (typeof RADIUS_OPTIONS)[number];
export const DEFAULT_RADIUS: Radius = 25;
export const MAX_SEARCH_LIMIT = 50;
export const PAGE_LIMIT = 20;
export const TEASER_LIMIT = 3;
export const SEARCH_DEBOUNCE_MS = 300;

/** Submission categories, in the spec's order; the search filter adds 'all'. */
export const EVENT_CATEGORIES = [
  "cleanup",
  "forest_restoration",
  "wildlife",
  "oceans",
  "climate_action",
  "education",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const CATEGORY_FILTERS = ["all", ...EVENT_CATEGORIES] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

export const CATEGORY_LABELS: Record<CategoryFilter, string> = {
  all: "All categories",
  cleanup: "Cleanup",
  forest_restoration: "Forest restoration",
  wildlife: "Wildlife",
  oceans: "Oceans",
  climate_action: "Climate action",
  education: "Education",
};
