import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

/** The pages of a list read so far, cached under the list's query key. */
export type Pages<P> = { pages: P[] };

/**
 * A list read a page at a time by keyset cursor (the API's `next_cursor`): the query reads the first page,
 * `loadMore` reads the page at the last one's cursor and appends it to the cached pages, so nothing repeats
 * or goes missing. React Query's useInfiniteQuery does the same, but its code shared with useQuery would
 * cost the home page's JavaScript, which is at its budget, a chunk of its own (decision 162).
 */
export function useMorePages<P extends { next_cursor: string | null }, K extends QueryKey>(
  options: UseQueryOptions<Pages<P>, Error, Pages<P>, K>,
  fetchPage: (cursor: string) => Promise<P>,
) {
  const queryClient = useQueryClient();
  const query = useQuery(options);
  // "More" belongs to one list: another key (new filters) starts without it.
  const key = JSON.stringify(options.queryKey);
  const [more, setMore] = useState<{ key: string; loading: boolean; error: unknown }>({
    key,
    loading: false,
    error: null,
  });
  const current = more.key === key ? more : { key, loading: false, error: null };
  const last = query.data?.pages.at(-1);
  const loadMore = async () => {
    const cursor = last?.next_cursor;
    if (!cursor || current.loading) return;
    setMore({ key, loading: true, error: null });
    try {
      const next = await fetchPage(cursor);
      queryClient.setQueryData<Pages<P>>(options.queryKey, (data) =>
        data && data.pages.at(-1) === last ? { pages: [...data.pages, next] } : data,
      );
      setMore({ key, loading: false, error: null });
    } catch (error) {
      setMore({ key, loading: false, error });
    }
  };
  return {
    query,
    pages: query.data?.pages,
    hasMore: Boolean(last?.next_cursor),
    moreLoading: current.loading,
    moreError: current.error,
    loadMore,
  };
}
