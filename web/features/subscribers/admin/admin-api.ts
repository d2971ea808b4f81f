import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { SubscriberStatusFilter } from "#contract/subscribers/admin-schemas";
import { type ApiResponse, read, signedInApi, toQuery, withSignal } from "../../../lib/api";
import type { ExportCalls } from "../../../lib/background-export";
import { readFile } from "../../../lib/file-download";

const subscribers = signedInApi.api.admin.subscribers;
const record = subscribers[":id"];

export type SubscriberListFilter = { q: string; status: SubscriberStatusFilter; zip: string };
export type SubscriberList = ApiResponse<typeof subscribers.$get>;
export type SubscriberListItem = SubscriberList["subscribers"][number];
export type SubscriberTotals = SubscriberList["totals"];
export type GrowthWeek = ApiResponse<typeof subscribers.growth.$get>["weeks"][number];

const filterQuery = (f: SubscriberListFilter) =>
  toQuery({
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
      read(
        subscribers.$get(
          {
            query: {
              ...filterQuery(f),
              ...toQuery({ cursor: f.cursor ?? undefined, full_emails: f.fullEmails ? ("1" as const) : undefined }),
            },
          },
          withSignal(signal),
        ),
      ),
    placeholderData: keepPreviousData,
  });

export const subscriberGrowthQuery = () =>
  queryOptions({
    queryKey: subscriberAdminKeys.growth(),
    queryFn: ({ signal }) => read(subscribers.growth.$get(undefined, withSignal(signal))),
    staleTime: 60_000,
  });

export const subscriberDetailQuery = (id: string) =>
  queryOptions({
    queryKey: subscriberAdminKeys.detail(id),
    queryFn: ({ signal }) => read(record.$get({ param: { id } }, withSignal(signal))),
    // Every read of a record is audited: do not refetch it behind the admin's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const unsubscribeSubscriber = (id: string) => read(record.unsubscribe.$post({ param: { id } }));
export const inviteResubscribe = (id: string) => read(record.resubscribe.$post({ param: { id } }));
export const deleteSubscriber = (id: string) => read(record.$delete({ param: { id } }));

/**
 * The filtered list as CSV, prepared in the background (decision 250); the file is fetched with the admin's
 * token and the signed link the status gave (a plain link would carry no session).
 */
export const subscriberExportCalls = (f: SubscriberListFilter): ExportCalls => ({
  start: () => read(subscribers.exports.$post({ json: { q: f.q, status: f.status, zip: f.zip } })),
  status: (id) => read(subscribers.exports[":id"].$get({ param: { id } })),
  file: (id, token) => readFile(subscribers.exports[":id"].file.$get({ param: { id }, query: { token } })),
});
