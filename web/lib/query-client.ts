import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";

/** A client error (bad input, not found, forbidden) will not change on a second try. */
function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429);
}

/** The app's query defaults; the browser makes one client, the Worker one per rendered page. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: {
        retry: false,
      },
    },
  });
