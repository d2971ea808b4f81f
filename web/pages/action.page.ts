import { LINKED_PATHS } from "#contract/pages/linked-paths";
import { definePage, NOT_FOUND } from "./page";

export default definePage({
  path: LINKED_PATHS.action,
  render: "server",
  // Its head (title, description, social card) is the action's own, written by the Worker from the same read.
  notFoundTitle: "Action not found",
  data: async ({ queryClient, params, locale }) => {
    const [{ actionBySlugQuery }, { publicPetitionsQuery }] = await Promise.all([
      import("../features/actions/api"),
      import("../features/petitions/api"),
    ]);
    const query = actionBySlugQuery(params.slug ?? "", locale);
    await Promise.all([
      queryClient.prefetchQuery(query),
      queryClient.prefetchQuery(publicPetitionsQuery({ campaign: "petitions_action", limit: 3 })),
    ]);
    return queryClient.getQueryData(query.queryKey)?.action === null ? NOT_FOUND : undefined;
  },
  component: () => import("../app/action-detail-page").then((m) => m.ActionDetailPage),
});
