import { NOT_FOUND, type PageDataContext } from "./page";

/**
 * The `data` of a page one of our emails links to with `?token=` (decision 212): reads the link's view into the page's
 * cache, and answers 404 when the API refused the link. A failed read throws nothing: the island tries again. The
 * feature's code is imported inside, as every page's is.
 */
export const emailLinkData =
  (view: "subscription" | "confirmation") =>
  async ({ queryClient, query }: PageDataContext): Promise<typeof NOT_FOUND | undefined> => {
    const token = query.get("token")?.trim() ?? "";
    if (!token) return;
    const { confirmationQuery, isRefused, subscriptionQuery } = await import("../features/subscribers/api");
    const read =
      view === "subscription"
        ? queryClient.fetchQuery(subscriptionQuery(token))
        : queryClient.fetchQuery(confirmationQuery(token));
    const data = await read.catch(() => undefined);
    if (data && isRefused(data)) return NOT_FOUND;
  };
