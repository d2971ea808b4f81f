import { queryOptions } from "@tanstack/react-query";
import { PAGE_LIMIT } from "#contract/events/constants";
import type { EventsUrlState } from "#contract/events/search-url";
import { api, read, toQuery, withSignal } from "../../lib/api";
import { useMorePages } from "../../lib/use-more-pages";
import { type EventsPageSearch, eventsKeys, type SearchPage, type SearchParams } from "./api";
import { timeRange } from "./time-frames";

// The events page's only (api.ts is the home teaser's too).

/** The search the page's state asks for, or null before there is a ZIP. The server renderer builds the same. */
export function pageSearch(state: EventsUrlState): EventsPageSearch | null {
  if (!state.zip) return null;
  const keyword = state.keyword.trim();
  return {
    zip: state.zip,
    radius: state.radius,
    frame: state.frame,
    ...(state.includeOnline ? { include_online: "true" as const } : {}),
    ...(state.category !== "all" ? { category: state.category } : {}),
    ...(keyword ? { q: keyword } : {}),
    limit: PAGE_LIMIT,
  };
}

/**
 * The API's query: the time frame becomes bounds from `now`, when the page is read. The cache key holds
 * the frame instead, so the server's render and the browser agree on it whatever the clock says (decision 203).
 */
export const searchParamsAt = ({ frame, ...rest }: EventsPageSearch, now: Date): SearchParams => ({
  ...rest,
  ...timeRange(frame, now),
});

const fetchPage = (search: EventsPageSearch, cursor: string | null, signal?: AbortSignal) =>
  read(
    api.api.events.$get(
      { query: toQuery({ ...searchParamsAt(search, new Date()), cursor: cursor ?? undefined }) },
      withSignal(signal),
    ),
  );

/** The search's pages read so far: its first page, then each "Show more events" (decision 162). */
export const searchPagesQuery = (search: EventsPageSearch | null) =>
  queryOptions({
    queryKey: eventsKeys.searchPages(search),
    queryFn: async ({ signal }): Promise<{ pages: SearchPage[] }> => ({
      pages: [await fetchPage(search as EventsPageSearch, null, signal)],
    }),
    enabled: search !== null,
    staleTime: 60_000,
    retry: false,
  });

export const usePagedSearch = (search: EventsPageSearch | null) =>
  useMorePages(searchPagesQuery(search), (cursor) => fetchPage(search as EventsPageSearch, cursor));
