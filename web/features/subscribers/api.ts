import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import type { Locale } from "#contract/i18n/locales";
import { type ApiResponse, api, read, withSignal } from "../../lib/api";
import { ApiError } from "../../lib/api-error";

/** The subscribers feature's API calls and query keys (one factory per feature). */
export const subscriptionKeys = {
  all: ["subscription"] as const,
  byToken: (token: string) => [...subscriptionKeys.all, token] as const,
};

export type SignupBody = InferRequestType<typeof api.api.subscribers.$post>["json"];

/** `headers` carries the bot check's token (web/lib/bot-check.tsx). */
export const signup = (json: SignupBody, headers: Record<string, string> = {}) =>
  read(api.api.subscribers.$post({ json }, { headers }));

/**
 * A link the server refused (400 or 404): its message, shown in place of the page. It is the query's data, not
 * its error, because the Worker renders these pages (decision 212) and only data travels to the browser with them.
 */
export type RefusedLink = { refused: string };

const refusedLink = (error: unknown): RefusedLink => {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return { refused: error.message };
  throw error;
};

/**
 * The Worker renders the pages these links open on every request (no-store) with the link's view in their cache, so
 * the island does not read it again when it hydrates: that would be a second request for the same answer, and for a
 * refused link a second 404 in the browser's console. Without a view (the server's read failed), it still reads.
 */
const READ_BY_THE_WORKER = { refetchOnMount: false } as const;

export const isRefused = <T extends object>(data: T | RefusedLink): data is RefusedLink => "refused" in data;

export const subscriptionQuery = (token: string) =>
  queryOptions({
    queryKey: subscriptionKeys.byToken(token),
    queryFn: ({ signal }) =>
      read(api.api.subscription.$get({ query: { token } }, withSignal(signal))).then(
        (r) => r.subscription,
        refusedLink,
      ),
    // The page reflects the server's state; a stale copy would offer the wrong button.
    staleTime: 0,
    ...READ_BY_THE_WORKER,
  });

export type SubscriptionChange = ApiResponse<typeof api.api.subscription.unsubscribe.$post>;

export const changeSubscription = (action: "unsubscribe" | "resubscribe", token: string) =>
  read(api.api.subscription[action].$post({ json: { token } }));

/** A pending signup's manage page: send a new confirmation link (decision 226). */
export const resendConfirmation = (token: string) =>
  read(api.api.subscription["resend-confirmation"].$post({ json: { token } }));

export const deleteSubscriptionData = (token: string) => read(api.api.subscription.delete.$post({ json: { token } }));

/** A returning address's pending "send me the weekly email again": GET shows it, only the POST activates. */
export const confirmationQuery = (token: string) =>
  queryOptions({
    queryKey: [...subscriptionKeys.all, "confirm", token] as const,
    queryFn: ({ signal }) =>
      read(api.api.subscription.confirm.$get({ query: { token } }, withSignal(signal))).then(
        (r) => r.confirmation,
        refusedLink,
      ),
    staleTime: 0,
    retry: false,
    ...READ_BY_THE_WORKER,
  });

/** `locale` is the confirmation page's: the email linked to it in the signup's language (decision 274). */
export const confirmSubscription = (token: string, locale: Locale) =>
  read(api.api.subscription.confirm.$post({ json: { token, locale } }));

/** The manage page's "Email language". */
export const changeEmailLanguage = (token: string, locale: Locale) =>
  read(api.api.subscription.language.$post({ json: { token, locale } }));
