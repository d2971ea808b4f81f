import { queryOptions } from "@tanstack/react-query";
import type { Locale } from "#contract/i18n/locales";
import { api, read, withSignal } from "../../lib/api";
import { actionKeys } from "./api";

// Apart from api.ts, which the home page loads: only /actions (and its server render) reads the archive.

/** One page of the 'Past Actions' archive: `limit` actions, older than `cursor` when given. */
export const fetchArchivePage = (limit: number, cursor: string | null, locale: Locale, signal?: AbortSignal) =>
  read(
    api.api.actions.$get(
      { query: { limit: String(limit), lang: locale, ...(cursor ? { cursor } : {}) } },
      withSignal(signal),
    ),
  );

/** The archive's pages read so far: the first, then each "Show older actions" (decision 163). */
export const archiveQuery = (limit: number, locale: Locale) =>
  queryOptions({
    queryKey: actionKeys.archive(limit, locale),
    queryFn: async ({ signal }) => ({ pages: [await fetchArchivePage(limit, null, locale, signal)] }),
  });
