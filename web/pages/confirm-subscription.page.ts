import { definePage, NOT_FOUND } from "./page";

export default definePage({
  // The welcome email's confirmation link (decision 182): one person's page, never cached or indexed (decision 212).
  path: "/subscribe/confirm",
  render: "server",
  personal: true,
  title: "Confirm Your Subscription",
  // A refused link is answered 404, on the same page saying why.
  notFoundTitle: "Confirm Your Subscription",
  data: async ({ queryClient, query }) => {
    const token = query.get("token")?.trim() ?? "";
    if (!token) return;
    const { confirmationQuery, isRefused } = await import("../features/subscribers/api");
    const view = confirmationQuery(token);
    await queryClient.prefetchQuery(view);
    const confirmation = queryClient.getQueryData(view.queryKey);
    if (confirmation && isRefused(confirmation)) return NOT_FOUND;
  },
  component: () => import("../features/subscribers/confirm-subscription-page").then((m) => m.ConfirmSubscriptionRoute),
});
