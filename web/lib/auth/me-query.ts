import { queryOptions } from "@tanstack/react-query";
import type { MeBody } from "../../../worker/features/auth/schemas";
import { apiFetch } from "../../lib/api";

/** The signed-in user's account and profile role (GET /api/me). Keyed under "me", cleared on sign-in/out. */
export const meQuery = () =>
  queryOptions({
    queryKey: ["me"] as const,
    queryFn: ({ signal }) => apiFetch<MeBody>("/api/me", { auth: true, signal }),
    staleTime: 30_000,
  });
