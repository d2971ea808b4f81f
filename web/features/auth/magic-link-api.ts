import { queryOptions } from "@tanstack/react-query";
import { api, read, withSignal } from "../../lib/api";
import { ApiError } from "../../lib/api-error";

/**
 * A sign-in link read without spending it (decision 215): whose it is, masked. A link the API refuses (400) is
 * the query's data, `{ refused }`, not its error, because the Worker renders the page with it and only data
 * travels to the browser with the page (decision 212).
 */
export type MagicLinkView = { masked_email: string } | { refused: string };

export const isRefusedLink = (view: MagicLinkView): view is { refused: string } => "refused" in view;

export const magicLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["magic-link", token] as const,
    queryFn: ({ signal }): Promise<MagicLinkView> =>
      read(api.api.auth["magic-link"].$get({ query: { token } }, withSignal(signal))).then(
        (view) => ({ masked_email: view.masked_email }),
        (error: unknown) => {
          if (error instanceof ApiError && (error.status === 400 || error.status === 404))
            return { refused: error.message };
          throw error;
        },
      ),
    staleTime: 0,
    retry: false,
    // The Worker read it for this very page: no second read when the island mounts.
    refetchOnMount: false,
  });
