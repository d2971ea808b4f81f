import { titled } from "#contract/seo/page-meta";
import { definePage } from "./page";

export default definePage({
  path: "/events",
  render: "server",
  meta: {
    title: titled("Local Conservation Events"),
    description:
      "Find conservation events near you by ZIP code: habitat restoration, cleanups, wildlife walks and nature education across the US.",
    canonical: "/events",
  },
  // The search in the query string with its first page of results (decision 203); without a ZIP, the prompt.
  data: async ({ queryClient, query }) => {
    const [{ readEventsUrl }, { pageSearch, searchPagesQuery }] = await Promise.all([
      import("#contract/events/search-url"),
      import("../features/events/use-paged-search"),
    ]);
    const search = pageSearch(readEventsUrl(query));
    if (search) await queryClient.prefetchQuery(searchPagesQuery(search));
  },
  component: () => import("../features/events/events-page").then((m) => m.EventsRoute),
});
