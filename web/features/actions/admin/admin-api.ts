import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { ActionValues, AdminAction, AdminActionListItem } from "../../../../worker/features/actions/schemas";
import { apiFetch } from "../../../lib/api";

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
    queryFn: ({ signal }) =>
      apiFetch<{ actions: AdminActionListItem[] }>("/api/admin/actions", {
        query: { search: search || undefined },
        auth: true,
        signal,
      }),
    select: (data) => data.actions,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The test-send dialog's choice: the 20 most recently created actions. */
export const recentActionsQuery = () =>
  queryOptions({
    queryKey: adminActionKeys.recent(),
    queryFn: ({ signal }) =>
      apiFetch<{ actions: AdminActionListItem[] }>("/api/admin/actions", {
        query: { sort: "created", limit: 20 },
        auth: true,
        signal,
      }),
    select: (data) => data.actions,
    staleTime: 0,
  });

export const adminActionQuery = (id: string) =>
  queryOptions({
    queryKey: adminActionKeys.one(id),
    queryFn: ({ signal }) =>
      apiFetch<{ action: AdminAction }>(`/api/admin/actions/${encodeURIComponent(id)}`, { auth: true, signal }),
    select: (data) => data.action,
    staleTime: 0,
    gcTime: 0,
  });

type SaveBody = ActionValues | Record<string, unknown>;

export const createAction = (body: SaveBody) =>
  apiFetch<{ action: AdminAction }>("/api/admin/actions", { method: "POST", body, auth: true });

export const updateAction = (id: string, body: SaveBody) =>
  apiFetch<{ action: AdminAction }>(`/api/admin/actions/${encodeURIComponent(id)}`, {
    method: "PUT",
    body,
    auth: true,
  });

export const deleteAction = (id: string) =>
  apiFetch<{ ok: true }>(`/api/admin/actions/${encodeURIComponent(id)}`, { method: "DELETE", auth: true });

export const duplicateAction = (id: string) =>
  apiFetch<{ action: AdminAction }>(`/api/admin/actions/${encodeURIComponent(id)}/duplicate`, {
    method: "POST",
    auth: true,
  });

export const runQuickSetup = () =>
  apiFetch<{ actions: AdminAction[]; skipped: number }>("/api/admin/actions/quick-setup", {
    method: "POST",
    auth: true,
  });

export function uploadImage(file: File) {
  const form = new FormData();
  form.append("file", file);
  return apiFetch<{ url: string }>("/api/admin/media", { method: "POST", body: form, auth: true });
}

/** The email feature's endpoints (ARCHITECTURE.md §5). */
export const sendWeeklyEmail = (actionId: string) =>
  apiFetch<{ success: boolean; message: string; campaign_id?: string }>("/api/admin/email/weekly-send", {
    method: "POST",
    body: { action_id: actionId },
    auth: true,
  });

export const sendTestEmail = (email: string, actionId?: string) =>
  apiFetch<{ ok: boolean; campaign_id?: string; error?: string }>("/api/admin/email/test-send", {
    method: "POST",
    body: actionId ? { email, action_id: actionId } : { email },
    auth: true,
  });
