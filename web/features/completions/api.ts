import { queryOptions } from "@tanstack/react-query";
import { read, signedInApi, withSignal } from "../../lib/api";

/** Keys include the user id so one member's answers are never shown to the next one on this device. */
export const completionKeys = {
  all: ["completions"] as const,
  list: (userId: string) => [...completionKeys.all, userId, "list"] as const,
  forAction: (userId: string, actionId: string) => [...completionKeys.all, userId, "action", actionId] as const,
};

const completions = signedInApi.api.me.completions;

export const completionsQuery = (userId: string) =>
  queryOptions({
    queryKey: completionKeys.list(userId),
    queryFn: ({ signal }) => read(completions.$get(undefined, withSignal(signal))),
    select: (data) => data.completions,
    staleTime: 0,
  });

export const completionForActionQuery = (userId: string, actionId: string) =>
  queryOptions({
    queryKey: completionKeys.forAction(userId, actionId),
    queryFn: ({ signal }) => read(completions[":actionId"].$get({ param: { actionId } }, withSignal(signal))),
    select: (data) => data.completion,
  });

export const recordCompletion = (actionId: string, notes: string) =>
  read(completions[":actionId"].$put({ param: { actionId }, json: { notes } }));
