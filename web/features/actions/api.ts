import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, read, signedInApi, withSignal } from "../../lib/api";

/** Query keys and fetchers for the public action pages (and the admin-only preview read). */
export const actionKeys = {
  all: ["actions"] as const,
  current: () => [...actionKeys.all, "current"] as const,
  archive: (limit: number) => [...actionKeys.all, "archive", limit] as const,
  bySlug: (slug: string) => [...actionKeys.all, "slug", slug] as const,
  preview: (id: string) => [...actionKeys.all, "preview", id] as const,
};

export const currentActionQuery = () =>
  queryOptions({
    queryKey: actionKeys.current(),
    queryFn: ({ signal }) => read(api.api.actions.current.$get(undefined, withSignal(signal))),
    select: (data) => data.action,
  });

/** `action: null` for an unknown or unpublished slug (the API's 404), so 'not found' is data the Worker can hand over. */
export const actionBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: actionKeys.bySlug(slug),
    queryFn: ({ signal }) =>
      read(api.api.actions[":slug"].$get({ param: { slug } }, withSignal(signal))).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return { action: null };
        throw error;
      }),
    select: (data) => data.action,
  });

/** Admin-only read of any action (drafts too) for the preview page. */
export const actionPreviewQuery = (id: string) =>
  queryOptions({
    queryKey: actionKeys.preview(id),
    queryFn: ({ signal }) => read(signedInApi.api.admin.actions[":id"].$get({ param: { id } }, withSignal(signal))),
    select: (data) => data.action,
    staleTime: 0,
  });

/** After a member records a completion the action's impact counts change: read them again. */
export function useRefreshActionImpact() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: actionKeys.current() });
    void queryClient.invalidateQueries({ queryKey: [...actionKeys.all, "slug"] });
  };
}
