import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { InboxFilter, InboxResponse, MessageStatus } from "../../../worker/features/contact/inbox-schemas";
import { apiFetch } from "../../lib/api";

/** The contact inbox's API calls and query keys. */
export const inboxKeys = {
  all: ["admin", "messages"] as const,
  list: (filter: { status: InboxFilter; q: string; cursor: string | null }) =>
    [...inboxKeys.all, "list", filter] as const,
  counts: () => [...inboxKeys.all, "counts"] as const,
};

export const inboxQuery = (filter: { status: InboxFilter; q: string; cursor: string | null }) =>
  queryOptions({
    queryKey: inboxKeys.list(filter),
    queryFn: ({ signal }) =>
      apiFetch<InboxResponse>("/api/admin/messages", {
        auth: true,
        signal,
        query: { status: filter.status, q: filter.q || undefined, cursor: filter.cursor ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** The nav badge's count: the unread total from the smallest list request. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: inboxKeys.counts(),
    queryFn: ({ signal }) =>
      apiFetch<InboxResponse>("/api/admin/messages", { auth: true, signal, query: { status: "unread" } }).then(
        (r) => r.counts.unread,
      ),
    staleTime: 60_000,
  });

export const setMessageStatus = (id: string, status: MessageStatus) =>
  apiFetch<{ message: { id: string; status: MessageStatus } }>(`/api/admin/messages/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { status },
    auth: true,
  });
