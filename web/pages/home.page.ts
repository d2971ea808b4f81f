import { DEFAULT_RADIUS, TEASER_LIMIT } from "#contract/events/constants";
import { definePage } from "./page";

export default definePage({
  path: "/",
  render: "server",
  meta: {
    title: "Earthkind — one simple action a week to protect the wild",
    description:
      "Take one simple action, each week, to protect our planet. Weekly nature-protection actions, local conservation events, petitions and eco-anxiety support.",
    canonical: "/",
  },
  data: async ({ queryClient, locale }) => {
    const [{ currentActionQuery }, { publicPetitionsQuery }, { eventsSearchQuery }] = await Promise.all([
      import("../features/actions/api"),
      import("../features/petitions/api"),
      import("../features/events/api"),
    ]);
    await Promise.all([
      queryClient.prefetchQuery(currentActionQuery(locale)),
      queryClient.prefetchQuery(publicPetitionsQuery({ campaign: "petitions_home", limit: 3 })),
      // The teaser's first search: the next upcoming events anywhere (a saved ZIP applies after load).
      queryClient.prefetchQuery(eventsSearchQuery({ radius: DEFAULT_RADIUS, limit: TEASER_LIMIT })),
    ]);
  },
  component: () => import("../app/home/home-page").then((m) => m.HomePage),
});
