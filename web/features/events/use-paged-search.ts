import { queryOptions } from "@tanstack/react-query";
import { api, read, toQuery, withSignal } from "../../lib/api";
import { useMorePages } from "../../lib/use-more-pages";
import { eventsKeys, type SearchParams } from "./api";

// The events page's only (api.ts is the home teaser's too).

const fetchPage = (params: SearchParams, cursor: string | null, signal?: AbortSignal) =>
  read(api.api.events.$get({ query: toQuery({ ...params, cursor: cursor ?? undefined }) }, withSignal(signal)));

/** The search's pages read so far: its first page, then each "Show more events" (decision 162). */
const searchPagesQuery = (params: SearchParams | null) =>
  queryOptions({
    queryKey: eventsKeys.searchPages(params),
    queryFn: async ({ signal }) => ({ pages: [await fetchPage(params as SearchParams, null, signal)] }),
    enabled: params !== null,
    staleTime: 60_000,
    retry: false,
  });

export const usePagedSearch = (params: SearchParams | null) =>
  useMorePages(searchPagesQuery(params), (cursor) => fetchPage(params as SearchParams, cursor));
