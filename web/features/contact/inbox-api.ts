import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { InboxFilter, MessageStatus } from "#contract/contact/inbox-schemas";
import { type ApiResponse, read, signedInApi, toQuery, withSignal } from "../../lib/api";

const messages = signedInApi.api.admin.messages;

export type InboxMessage = ApiResponse<typeof messages.$get>["messages"][number];

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
      read(
        messages.$get(
          { query: toQuery({ status: filter.status, q: filter.q || undefined, cursor: filter.cursor ?? undefined }) },
          withSignal(signal),
        ),
      ),
    placeholderData: keepPreviousData,
  });

/** The nav badge's count: the unread total from the smallest list request. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: inboxKeys.counts(),
    queryFn: ({ signal }) =>
      read(messages.$get({ query: { status: "unread" } }, withSignal(signal))).then((r) => r.counts.unread),
    staleTime: 60_000,
  });

export const setMessageStatus = (id: string, status: MessageStatus) =>
  read(messages[":id"].$patch({ param: { id }, json: { status } }));
