import { queryOptions } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import type { CampaignStatus, EmailSettings } from "#contract/email/schemas";
import { read, signedInApi, toQuery, withSignal } from "../../lib/api";

const email = signedInApi.api.admin.email;

/** The admin email tools' API calls and query keys. */
export const emailKeys = {
  all: ["admin-email"] as const,
  config: () => [...emailKeys.all, "config"] as const,
  settings: () => [...emailKeys.all, "settings"] as const,
  weeklySend: () => [...emailKeys.all, "weekly-send"] as const,
  campaigns: (kind?: CampaignStatus["kind"]) => [...emailKeys.all, "campaigns", kind ?? "all"] as const,
  suppressions: (search?: string) => [...emailKeys.all, "suppressions", search ?? ""] as const,
};

export const emailConfigQuery = () =>
  queryOptions({
    queryKey: emailKeys.config(),
    queryFn: ({ signal }) => read(email.config.$get(undefined, withSignal(signal))),
  });

export const emailSettingsQuery = () =>
  queryOptions({
    queryKey: emailKeys.settings(),
    queryFn: ({ signal }) => read(email.settings.$get(undefined, withSignal(signal))).then((r) => r.settings),
  });

export const saveEmailSettings = (json: EmailSettings) => read(email.settings.$put({ json }));

/** The spec's test-email-config: the provider's own answer about our key and sending domain. */
export const checkProviderConnection = () => read(email["test-config"].$post());

export const sendWelcomeTest = (json: InferRequestType<(typeof email)["welcome-test"]["$post"]>["json"]) =>
  read(email["welcome-test"].$post({ json }));

export const triggerWeeklySend = (actionId?: string) =>
  read(email["weekly-send"].$post({ json: actionId ? { action_id: actionId } : {} }));

/** What "Send Weekly Email Now" would send, and when and to how many it went (decision 232). */
export const weeklySendStateQuery = () =>
  queryOptions({
    queryKey: emailKeys.weeklySend(),
    queryFn: ({ signal }) => read(email["weekly-send"].$get(undefined, withSignal(signal))),
    staleTime: 0,
  });

export const sendTestEmail = (json: InferRequestType<(typeof email)["test-send"]["$post"]>["json"]) =>
  read(email["test-send"].$post({ json }));

export const campaignsQuery = (kind?: CampaignStatus["kind"]) =>
  queryOptions({
    queryKey: emailKeys.campaigns(kind),
    queryFn: ({ signal }) =>
      read(email.campaigns.$get({ query: { kind } }, withSignal(signal))).then((r) => r.campaigns),
    staleTime: 0,
    // Follow a send while it is running.
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.status === "pending" || c.status === "sending") ? 5_000 : false,
  });

export const suppressionsQuery = (search: string) =>
  queryOptions({
    queryKey: emailKeys.suppressions(search),
    queryFn: ({ signal }) =>
      read(email.suppressions.$get({ query: toQuery({ q: search || undefined }) }, withSignal(signal))),
  });

export const removeSuppression = (id: string) => read(email.suppressions[":id"].$delete({ param: { id } }));
