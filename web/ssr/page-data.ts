import type { QueryClient } from "@tanstack/react-query";
import { DEFAULT_RADIUS, TEASER_LIMIT } from "#contract/events/constants";
import { eventIdFromPathParam } from "#contract/events/event-path";
import { readEventsUrl } from "#contract/events/search-url";
import type { ServerRenderedRoute } from "#contract/pages/render-contract";
import { actionBySlugQuery, currentActionQuery } from "../features/actions/api";
import { archiveQuery } from "../features/actions/archive-query";
import { siteImpactQuery } from "../features/completions/api";
import { DID_IT_PETITIONS_CAMPAIGN, didItQuery } from "../features/did-it/api";
import { eventPageQuery, eventsSearchQuery, type SearchParams } from "../features/events/api";
import { pageSearch, searchPagesQuery } from "../features/events/use-paged-search";
import { type PublicPetitionsParams, publicPetitionsQuery } from "../features/petitions/api";
import { currentTipQuery } from "../features/tips/api";

/**
 * The queries each server-rendered page reads on first render: the features' own queryOptions, run as they run in
 * the browser, their /api calls answered by the Worker in process (decision 206). The browser hydrates that cache,
 * so it makes none of these requests after load.
 */
type Prefetch = (
  qc: QueryClient,
  params: Record<string, string | undefined>,
  query: URLSearchParams,
) => Promise<typeof NOT_FOUND | unknown>;

/** Returned by a page whose subject does not exist: the Worker answers 404 with the page's not-found content. */
export const NOT_FOUND = Symbol("not found");

/** The home teaser's first search: the next upcoming events anywhere (a saved ZIP applies after load). */
export const TEASER_SEARCH: SearchParams = { radius: DEFAULT_RADIUS, limit: TEASER_LIMIT };

const petitions = (qc: QueryClient, params: PublicPetitionsParams) => qc.prefetchQuery(publicPetitionsQuery(params));

export const PAGE_DATA: Partial<Record<ServerRenderedRoute, Prefetch>> = {
  home: (qc) =>
    Promise.all([
      qc.prefetchQuery(currentActionQuery()),
      petitions(qc, { campaign: "petitions_home", limit: 3 }),
      qc.prefetchQuery(eventsSearchQuery(TEASER_SEARCH)),
    ]),
  actions: (qc) =>
    Promise.all([
      qc.prefetchQuery(currentActionQuery()),
      qc.prefetchQuery(archiveQuery(10)),
      qc.prefetchQuery(currentTipQuery()),
    ]),
  // The search in the query string with its first page of results (decision 203); without a ZIP, the prompt.
  events: async (qc, _params, query) => {
    const search = pageSearch(readEventsUrl(query));
    if (search) await qc.prefetchQuery(searchPagesQuery(search));
  },
  howItWorks: (qc) => qc.prefetchQuery(siteImpactQuery()),
  about: (qc) => qc.prefetchQuery(siteImpactQuery()),
  // The link's token is in the query; petitions are shown once the action is recorded.
  didIt: async (qc, _params, query) => {
    const token = query.get("token")?.trim() ?? "";
    if (!token) return;
    const view = didItQuery(token);
    await qc.prefetchQuery(view);
    const found = qc.getQueryData(view.queryKey)?.did_it;
    if (!found) return NOT_FOUND;
    if (found.recorded) await petitions(qc, { campaign: DID_IT_PETITIONS_CAMPAIGN, limit: 3 });
  },
  action: async (qc, { slug = "" }) => {
    const query = actionBySlugQuery(slug);
    await Promise.all([qc.prefetchQuery(query), petitions(qc, { campaign: "petitions_action", limit: 3 })]);
    return qc.getQueryData(query.queryKey)?.action === null ? NOT_FOUND : undefined;
  },
  event: async (qc, { event: param = "" }) => {
    const id = eventIdFromPathParam(param);
    if (id === null) return NOT_FOUND;
    const query = eventPageQuery(id);
    await qc.prefetchQuery(query);
    return qc.getQueryData(query.queryKey)?.event === null ? NOT_FOUND : undefined;
  },
};
