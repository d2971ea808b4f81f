import { queryOptions } from "@tanstack/react-query";
import { api, read, signedInApi, withSignal } from "../../lib/api";

/** Keys include the user id so one member's answers are never shown to the next one on this device. */
export const completionKeys = {
  all: ["completions"] as const,
  list: (userId: string) => [...completionKeys.all, userId, "list"] as const,
  forAction: (userId: string, actionId: string) => [...completionKeys.all, userId, "action", actionId] as const,
  stats: (userId: string) => [...completionKeys.all, userId, "stats"] as const,
};

const completions = signedInApi.api.me.completions;

/** GET /api/me/stats: counts and weekly streaks, computed on the server from stored completions. */
export const memberStatsQuery = (userId: string) =>
  queryOptions({
    queryKey: completionKeys.stats(userId),
    queryFn: ({ signal }) => read(signedInApi.api.me.stats.$get(undefined, withSignal(signal))),
    staleTime: 0,
  });

/** GET /api/impact: every completion recorded on the site and the members who recorded them. */
export const siteImpactQuery = () =>
  queryOptions({
    queryKey: ["site-impact"] as const,
    queryFn: ({ signal }) => read(api.api.impact.$get(undefined, withSignal(signal))),
    select: (data) => data.impact,
  });

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

export const recordCompletion = (actionId: string, notes: string, shareNote = false) =>
  read(completions[":actionId"].$put({ param: { actionId }, json: { notes, share_note: shareNote } }));

const sharedNotes = signedInApi.api.admin["shared-notes"];

/** Admin: the notes members chose to share (pending first) and how many wait for a decision. */
export const sharedNotesQuery = () =>
  queryOptions({
    queryKey: ["shared-notes"] as const,
    queryFn: ({ signal }) => read(sharedNotes.$get(undefined, withSignal(signal))),
    staleTime: 0,
  });

/** Approve (quoted publicly from then on) or hide one shared note (decision 183). */
export const moderateSharedNote = (id: string, status: "approved" | "hidden") =>
  read(sharedNotes[":id"].$put({ param: { id }, json: { status } })).then((r) => r.note);
