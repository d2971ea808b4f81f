import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type {
  SubscriberDetailResponse,
  SubscriberGrowthResponse,
  SubscriberListResponse,
  SubscriberStatusFilter,
} from "../../../../worker/features/subscribers/admin-schemas";
import { apiDownload, apiFetch } from "../../../lib/api";

export type SubscriberListFilter = { q: string; status: SubscriberStatusFilter; zip: string };

const filterQuery = (f: SubscriberListFilter) => ({
  q: f.q || undefined,
  status: f.status === "all" ? undefined : f.status,
  zip: f.zip || undefined,
});

/** The subscribers admin's API calls and query keys. */
export const subscriberAdminKeys = {
  all: ["admin", "subscribers"] as const,
  list: (f: SubscriberListFilter & { cursor: string | null; fullEmails: boolean }) =>
    [...subscriberAdminKeys.all, "list", f] as const,
  growth: () => [...subscriberAdminKeys.all, "growth"] as const,
  detail: (id: string) => [...subscriberAdminKeys.all, "detail", id] as const,
};

export const subscriberListQuery = (f: SubscriberListFilter & { cursor: string | null; fullEmails: boolean }) =>
  queryOptions({
    queryKey: subscriberAdminKeys.list(f),
    queryFn: ({ signal }) =>
      apiFetch<SubscriberListResponse>("/api/admin/subscribers", {
        auth: true,
        signal,
        query: { ...filterQuery(f), cursor: f.cursor ?? undefined, full_emails: f.fullEmails ? "1" : undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const subscriberGrowthQuery = () =>
  queryOptions({
    queryKey: subscriberAdminKeys.growth(),
    queryFn: ({ signal }) =>
      apiFetch<SubscriberGrowthResponse>("/api/admin/subscribers/growth", { auth: true, signal }),
    staleTime: 60_000,
  });

export const subscriberDetailQuery = (id: string) =>
  queryOptions({
    queryKey: subscriberAdminKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch<SubscriberDetailResponse>(`/api/admin/subscribers/${encodeURIComponent(id)}`, { auth: true, signal }),
    // Every read of a record is audited: do not refetch it behind the admin's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

const byId = (id: string) => `/api/admin/subscribers/${encodeURIComponent(id)}` as const;

export const unsubscribeSubscriber = (id: string) =>
  apiFetch<{ message: string }>(`${byId(id)}/unsubscribe`, { method: "POST", auth: true });
export const inviteResubscribe = (id: string) =>
  apiFetch<{ sent: true; message: string }>(`${byId(id)}/resubscribe`, { method: "POST", auth: true });
export const deleteSubscriber = (id: string) => apiFetch<{ deleted: true }>(byId(id), { method: "DELETE", auth: true });

export const exportSubscribersCsv = (f: SubscriberListFilter) =>
  apiDownload("/api/admin/subscribers/export.csv", { auth: true, query: filterQuery(f) });
