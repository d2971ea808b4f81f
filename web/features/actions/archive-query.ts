import { queryOptions } from "@tanstack/react-query";
import { api, read, withSignal } from "../../lib/api";
import { actionKeys } from "./api";

// Apart from api.ts, which the home page loads: only /actions (and its server render) reads the archive.

/** One page of the 'Past Actions' archive: `limit` actions, older than `cursor` when given. */
export const fetchArchivePage = (limit: number, cursor: string | null, signal?: AbortSignal) =>
  read(api.api.actions.$get({ query: { limit: String(limit), ...(cursor ? { cursor } : {}) } }, withSignal(signal)));

/** The archive's pages read so far: the first, then each "Show older actions" (decision 163). */
export const archiveQuery = (limit = 10) =>
  queryOptions({
    queryKey: actionKeys.archive(limit),
    queryFn: async ({ signal }) => ({ pages: [await fetchArchivePage(limit, null, signal)] }),
  });
