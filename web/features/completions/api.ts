import { queryOptions } from "@tanstack/react-query";
import type { CompletionView } from "../../../worker/features/completions/schemas";
import { apiFetch } from "../../lib/api";

/** Keys include the user id so one member's answers are never shown to the next one on this device. */
export const completionKeys = {
  all: ["completions"] as const,
  list: (userId: string) => [...completionKeys.all, userId, "list"] as const,
  forAction: (userId: string, actionId: string) => [...completionKeys.all, userId, "action", actionId] as const,
};

export const completionsQuery = (userId: string) =>
  queryOptions({
    queryKey: completionKeys.list(userId),
    queryFn: ({ signal }) => apiFetch<{ completions: CompletionView[] }>("/api/me/completions", { auth: true, signal }),
    select: (data) => data.completions,
    staleTime: 0,
  });

export const completionForActionQuery = (userId: string, actionId: string) =>
  queryOptions({
    queryKey: completionKeys.forAction(userId, actionId),
    queryFn: ({ signal }) =>
      apiFetch<{ completion: CompletionView | null }>(`/api/me/completions/${encodeURIComponent(actionId)}`, {
        auth: true,
        signal,
      }),
    select: (data) => data.completion,
  });

export function recordCompletion(actionId: string, notes: string): Promise<{ completion: CompletionView }> {
  return apiFetch(`/api/me/completions/${encodeURIComponent(actionId)}`, {
    method: "PUT",
    body: { notes },
    auth: true,
  });
}
