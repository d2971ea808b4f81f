import { definePage, NOT_FOUND } from "./page";

export default definePage({
  // The manage-or-cancel link of every email: one person's page, never cached or indexed (decision 212).
  path: "/unsubscribe",
  render: "server",
  personal: true,
  title: "Manage Your Subscription",
  // A refused link is answered 404, on the same page saying why.
  notFoundTitle: "Manage Your Subscription",
  data: async ({ queryClient, query }) => {
    const token = query.get("token")?.trim() ?? "";
    if (!token) return;
    const { isRefused, subscriptionQuery } = await import("../features/subscribers/api");
    const view = subscriptionQuery(token);
    await queryClient.prefetchQuery(view);
    const subscription = queryClient.getQueryData(view.queryKey);
    if (subscription && isRefused(subscription)) return NOT_FOUND;
  },
  component: () => import("../features/subscribers/unsubscribe-page").then((m) => m.UnsubscribeRoute),
});
