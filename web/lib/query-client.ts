import { QueryClient } from "@tanstack/react-query";
import { isRetryable } from "./api-error";

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
