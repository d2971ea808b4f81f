import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ActionValues } from "#contract/actions/schemas";
import type { SendPlan as SendPlanAnswer } from "#contract/email/responses";
import { read, signedInApi, withSignal } from "../../../lib/api";

const actions = signedInApi.api.admin.actions;

/** Admin weekly-action endpoints (/api/admin/actions, /media, and the email seams). */
export const adminActionKeys = {
  all: ["admin-actions"] as const,
  list: (search: string) => [...adminActionKeys.all, "list", search] as const,
  recent: () => [...adminActionKeys.all, "recent"] as const,
  one: (id: string) => [...adminActionKeys.all, "one", id] as const,
};

export const adminActionsQuery = (search: string) =>
  queryOptions({
    queryKey: adminActionKeys.list(search),
    queryFn: ({ signal }) => read(actions.$get({ query: { search: search || undefined } }, withSignal(signal))),
    select: (data) => data.actions,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The test-send dialog's choice: the 20 most recently created actions. */
export const recentActionsQuery = () =>
  queryOptions({
    queryKey: adminActionKeys.recent(),
    queryFn: ({ signal }) => read(actions.$get({ query: { sort: "created", limit: "20" } }, withSignal(signal))),
    select: (data) => data.actions,
    staleTime: 0,
  });

export const adminActionQuery = (id: string) =>
  queryOptions({
    queryKey: adminActionKeys.one(id),
    queryFn: ({ signal }) => read(actions[":id"].$get({ param: { id } }, withSignal(signal))),
    select: (data) => data.action,
    staleTime: 0,
    gcTime: 0,
  });

export const createAction = (json: ActionValues) => read(actions.$post({ json }));

export const updateAction = (id: string, json: ActionValues) => read(actions[":id"].$put({ param: { id }, json }));

export const deleteAction = (id: string) => read(actions[":id"].$delete({ param: { id } }));

export const duplicateAction = (id: string) => read(actions[":id"].duplicate.$post({ param: { id } }));

export const runQuickSetup = () => read(actions["quick-setup"].$post());

/** Multipart upload: the route reads the form itself (size checked before buffering), so the body goes in `init`. */
export function uploadImage(file: File) {
  const form = new FormData();
  form.append("file", file);
  return read(signedInApi.api.admin.media.$post(undefined, { init: { body: form } }));
}

/** When an action with these dates would be emailed, and to how many (the Publish confirmation, decision 231). */
export const sendPlanQuery = (startDate: string | null, endDate: string | null) =>
  queryOptions({
    queryKey: [...adminActionKeys.all, "send-plan", startDate, endDate] as const,
    queryFn: ({ signal }) =>
      read(
        signedInApi.api.admin.email["send-plan"].$get(
          { query: { start_date: startDate || undefined, end_date: endDate || undefined } },
          withSignal(signal),
        ),
      ),
    staleTime: 0,
  });
export type SendPlan = SendPlanAnswer;

/** The email feature's endpoints (ARCHITECTURE.md §5). */
export const sendWeeklyEmail = (actionId: string) =>
  read(signedInApi.api.admin.email["weekly-send"].$post({ json: { action_id: actionId } }));

/** `lang`: the email a reader of that language gets; none: the addressee's own language (decision 272). */
export const sendTestEmail = (email: string, actionId?: string, lang?: "en" | "es") =>
  read(
    signedInApi.api.admin.email["test-send"].$post({
      json: { email, ...(actionId ? { action_id: actionId } : {}), ...(lang ? { lang } : {}) },
    }),
  );
