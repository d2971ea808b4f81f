import type { QueryClient } from "@tanstack/react-query";
import { DEFAULT_RADIUS, TEASER_LIMIT } from "#contract/events/constants";
import { eventIdFromPathParam } from "#contract/events/event-path";
import { readEventsUrl } from "#contract/events/search-url";
import type { PageData, ServerRenderedRoute } from "#contract/pages/render-contract";
import { actionBySlugQuery, currentActionQuery } from "../features/actions/api";
import { archiveQuery } from "../features/actions/archive-query";
import { siteImpactQuery } from "../features/completions/api";
import { DID_IT_PETITIONS_CAMPAIGN, didItQuery } from "../features/did-it/api";
import { eventPageQuery, eventsSearchQuery, type SearchParams } from "../features/events/api";
import { pageSearch, searchPagesQuery, searchParamsAt } from "../features/events/use-paged-search";
import { type PublicPetitionsParams, publicPetitionsQuery } from "../features/petitions/api";
import { currentTipQuery } from "../features/tips/api";

/**
 * The data each server-rendered page reads on first render, put in the query cache under the keys
 * the pages use (the features' own queryOptions, with the fetch swapped for a direct service call).
 * The browser hydrates that cache, so it makes none of these requests after load.
 */
type Prefetch = (
  qc: QueryClient,
  data: PageData,
  params: Record<string, string | undefined>,
  query: URLSearchParams,
) => Promise<typeof NOT_FOUND | unknown>;

/** Returned by a page whose subject does not exist: the Worker answers 404 with the page's not-found content. */
export const NOT_FOUND = Symbol("not found");

/** The home teaser's first search: the next upcoming events anywhere (a saved ZIP applies after load). */
export const TEASER_SEARCH: SearchParams = { radius: DEFAULT_RADIUS, limit: TEASER_LIMIT };

const petitions = (qc: QueryClient, data: PageData, params: PublicPetitionsParams) =>
  qc.prefetchQuery({
    ...publicPetitionsQuery(params),
    queryFn: () => data.petitions(params).then((r) => r.petitions),
  });

const currentAction = (qc: QueryClient, data: PageData) =>
  qc.prefetchQuery({ ...currentActionQuery(), queryFn: () => data.currentAction() });

/** How It Works and About show the site-wide impact figure. */
const siteImpact = (qc: QueryClient, data: PageData) =>
  qc.prefetchQuery({ ...siteImpactQuery(), queryFn: () => data.siteImpact() });

export const PAGE_DATA: Partial<Record<ServerRenderedRoute, Prefetch>> = {
  home: (qc, data) =>
    Promise.all([
      currentAction(qc, data),
      petitions(qc, data, { campaign: "petitions_home", limit: 3 }),
      qc.prefetchQuery({
        ...eventsSearchQuery(TEASER_SEARCH),
        queryFn: () => data.events(TEASER_SEARCH).then((r) => r.events),
      }),
    ]),
  actions: (qc, data) =>
    Promise.all([
      currentAction(qc, data),
      qc.prefetchQuery({ ...archiveQuery(10), queryFn: async () => ({ pages: [await data.archive(10)] }) }),
      qc.prefetchQuery({ ...currentTipQuery(), queryFn: () => data.currentTip() }),
    ]),
  // The search in the query string with its first page of results (decision 203); without a ZIP, the prompt.
  events: async (qc, data, _params, query) => {
    const search = pageSearch(readEventsUrl(query));
    if (!search) return;
    await qc.prefetchQuery({
      ...searchPagesQuery(search),
      queryFn: async () => ({ pages: [await data.events(searchParamsAt(search, new Date()))] }),
    });
  },
  howItWorks: siteImpact,
  about: siteImpact,
  // The link's token is in the query; petitions are shown once the action is recorded.
  didIt: async (qc, data, _params, query) => {
    const token = query.get("token")?.trim() ?? "";
    if (!token) return;
    const view = didItQuery(token);
    await qc.prefetchQuery({ ...view, queryFn: () => data.didIt(token) });
    const found = qc.getQueryData(view.queryKey)?.did_it;
    if (!found) return NOT_FOUND;
    if (found.recorded) await petitions(qc, data, { campaign: DID_IT_PETITIONS_CAMPAIGN, limit: 3 });
  },
  action: async (qc, data, { slug = "" }) => {
    const query = actionBySlugQuery(slug);
    await Promise.all([
      qc.prefetchQuery({ ...query, queryFn: () => data.actionBySlug(slug) }),
      petitions(qc, data, { campaign: "petitions_action", limit: 3 }),
    ]);
    return qc.getQueryData(query.queryKey)?.action === null ? NOT_FOUND : undefined;
  },
  event: async (qc, data, { event: param = "" }) => {
    const id = eventIdFromPathParam(param);
    if (id === null) return NOT_FOUND;
    const query = eventPageQuery(id);
    await qc.prefetchQuery({ ...query, queryFn: () => data.eventPage(id) });
    return qc.getQueryData(query.queryKey)?.event === null ? NOT_FOUND : undefined;
  },
};
