import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, read, withSignal } from "../../lib/api";

/** utm_campaign of the petitions shown after recording: they are the week's email's petitions. */
export const DID_IT_PETITIONS_CAMPAIGN = "petitions_email";

/** `did_it: null` for a link the API answers 404 to, so "not valid" is data the Worker can hand over. */
export const didItQuery = (token: string) =>
  queryOptions({
    queryKey: ["did-it", token] as const,
    queryFn: ({ signal }) =>
      read(api.api["did-it"].$get({ query: { token } }, withSignal(signal))).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return { did_it: null };
        throw error;
      }),
    select: (data) => data.did_it,
  });
