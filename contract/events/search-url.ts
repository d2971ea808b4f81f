// The events page's search as its URL's query string (decision 203): read by the server renderer and
// the page alike, so a shared link, a crawler and the browser's first render see the same search.
// Pure, no zod: the web bundle imports it.

import { CATEGORY_FILTERS, type CategoryFilter, DEFAULT_RADIUS, RADIUS_OPTIONS } from "#contract/events/constants";
import { zip5 } from "#contract/platform/field-rules";

export const TIME_FRAME_VALUES = ["week", "month", "all"] as const;
export type TimeFrameValue = (typeof TIME_FRAME_VALUES)[number];

/** The page's search: a ZIP (null: none yet) and its filters. */
export type EventsUrlState = {
  zip: string | null;
  radius: number;
  frame: TimeFrameValue;
  includeOnline: boolean;
  category: CategoryFilter;
  keyword: string;
};

export const DEFAULT_FILTERS = {
  radius: DEFAULT_RADIUS,
  frame: "week",
  includeOnline: false,
  category: "all",
  keyword: "",
} as const satisfies Omit<EventsUrlState, "zip">;

/** Longer keywords are refused by the API; the URL never carries one. */
const KEYWORD_URL_MAX = 100;

const oneOf = <T extends string | number>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/**
 * The search a query string asks for. Anything unknown or malformed falls back to the default, so
 * every URL is one of a small set of searches (and one page-cache entry each, decision 203).
 */
export function readEventsUrl(params: URLSearchParams): EventsUrlState {
  const keyword = (params.get("q") ?? "").trim();
  return {
    zip: zip5(params.get("zip")) ?? null,
    radius: oneOf<number>(RADIUS_OPTIONS, Number(params.get("radius")), DEFAULT_FILTERS.radius),
    frame: oneOf(TIME_FRAME_VALUES, params.get("when"), DEFAULT_FILTERS.frame),
    includeOnline: params.get("online") === "true",
    category: oneOf(CATEGORY_FILTERS, params.get("category"), DEFAULT_FILTERS.category),
    keyword: keyword.length <= KEYWORD_URL_MAX ? keyword : "",
  };
}

/** The query string of a search: only what differs from the defaults, in a fixed order. */
export function eventsUrlSearch(state: EventsUrlState): string {
  const params = new URLSearchParams();
  if (state.zip) params.set("zip", state.zip);
  if (state.radius !== DEFAULT_FILTERS.radius) params.set("radius", String(state.radius));
  if (state.frame !== DEFAULT_FILTERS.frame) params.set("when", state.frame);
  if (state.includeOnline) params.set("online", "true");
  if (state.category !== DEFAULT_FILTERS.category) params.set("category", state.category);
  if (state.keyword.trim()) params.set("q", state.keyword.trim());
  const search = params.toString();
  return search ? `?${search}` : "";
}
