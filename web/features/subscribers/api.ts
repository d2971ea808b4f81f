import { queryOptions } from "@tanstack/react-query";
import type { SubscriptionView } from "../../../worker/features/subscribers/signup-rules";
import { apiFetch } from "../../lib/api";

/** The subscribers feature's API calls and query keys (one factory per feature). */
export const subscriptionKeys = {
  all: ["subscription"] as const,
  byToken: (token: string) => [...subscriptionKeys.all, token] as const,
};

export type SignupBody = { first_name: string; email: string; zip_code?: string };

export const signup = (body: SignupBody) =>
  apiFetch<{ subscriber: { first_name: string; email: string }; reactivated: boolean }>("/api/subscribers", {
    method: "POST",
    body,
  });

export const subscriptionQuery = (token: string) =>
  queryOptions({
    queryKey: subscriptionKeys.byToken(token),
    queryFn: ({ signal }) =>
      apiFetch<{ subscription: SubscriptionView }>("/api/subscription", { query: { token }, signal }).then(
        (r) => r.subscription,
      ),
    // The page reflects the server's state; a stale copy would offer the wrong button.
    staleTime: 0,
  });

export type SubscriptionChange = { subscription: SubscriptionView; active: boolean; message: string };

export const changeSubscription = (action: "unsubscribe" | "resubscribe", token: string) =>
  apiFetch<SubscriptionChange>(`/api/subscription/${action}`, { method: "POST", body: { token } });
