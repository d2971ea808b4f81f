import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { Locale } from "#contract/i18n/locales";
import { ApiError, api, read, signedInApi, withSignal } from "../../lib/api";

/**
 * Query keys and fetchers for the public action pages (and the admin-only preview read). The content's language is
 * the page's, passed in and part of the key (decision 272): `useT().locale` in components, the page data's `locale`.
 */
export const actionKeys = {
  all: ["actions"] as const,
  current: (locale: Locale) => [...actionKeys.all, "current", locale] as const,
  archive: (limit: number, locale: Locale) => [...actionKeys.all, "archive", limit, locale] as const,
  bySlug: (slug: string, locale: Locale) => [...actionKeys.all, "slug", slug, locale] as const,
  preview: (id: string) => [...actionKeys.all, "preview", id] as const,
};

export const currentActionQuery = (locale: Locale) =>
  queryOptions({
    queryKey: actionKeys.current(locale),
    queryFn: ({ signal }) => read(api.api.actions.current.$get({ query: { lang: locale } }, withSignal(signal))),
    select: (data) => data.action,
  });

/** `action: null` for an unknown or unpublished slug (the API's 404), so 'not found' is data the Worker can hand over. */
export const actionBySlugQuery = (slug: string, locale: Locale) =>
  queryOptions({
    queryKey: actionKeys.bySlug(slug, locale),
    queryFn: ({ signal }) =>
      read(api.api.actions[":slug"].$get({ param: { slug }, query: { lang: locale } }, withSignal(signal))).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return { action: null };
          throw error;
        },
      ),
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
    void queryClient.invalidateQueries({ queryKey: [...actionKeys.all, "current"] });
    void queryClient.invalidateQueries({ queryKey: [...actionKeys.all, "slug"] });
  };
}
