import { LINKED_PATHS } from "#contract/pages/linked-paths";
import { definePage, NOT_FOUND } from "./page";

export default definePage({
  // The link in the weekly email (decision 196): one person's page, never cached or indexed.
  path: LINKED_PATHS.didIt,
  render: "server",
  personal: true,
  // The link's token is in the query; petitions are shown once the action is recorded.
  data: async ({ queryClient, query }) => {
    const token = query.get("token")?.trim() ?? "";
    if (!token) return;
    const [{ DID_IT_PETITIONS_CAMPAIGN, didItQuery }, { publicPetitionsQuery }] = await Promise.all([
      import("../features/did-it/api"),
      import("../features/petitions/api"),
    ]);
    const view = didItQuery(token);
    await queryClient.prefetchQuery(view);
    const found = queryClient.getQueryData(view.queryKey)?.did_it;
    if (!found) return NOT_FOUND;
    if (found.recorded)
      await queryClient.prefetchQuery(publicPetitionsQuery({ campaign: DID_IT_PETITIONS_CAMPAIGN, limit: 3 }));
  },
  component: () => import("../app/did-it/did-it-page").then((m) => m.DidItRoute),
});
