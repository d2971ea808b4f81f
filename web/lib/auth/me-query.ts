import { queryOptions } from "@tanstack/react-query";
import { read, signedInApi, withSignal } from "../api";

/** The signed-in user's account and profile role (GET /api/me). Keyed under "me", cleared on sign-in/out. */
export const meQuery = () =>
  queryOptions({
    queryKey: ["me"] as const,
    queryFn: ({ signal }) => read(signedInApi.api.me.$get(undefined, withSignal(signal))),
    staleTime: 30_000,
  });
