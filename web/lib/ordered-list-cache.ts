import { type MutationKey, type QueryKey, useQueryClient } from "@tanstack/react-query";

/**
 * The cache side of saving a whole ordered list (petitions, tips): the new order shows at once, a
 * failed save puts the old one back, and with saves queued one after another (a mutation `scope`)
 * only the last one writes its answer, so quick "Move up" presses end on the last order pressed
 * (decision 152).
 */
export function useOrderedListCache<T>(queryKey: QueryKey, mutationKey: MutationKey) {
  const queryClient = useQueryClient();
  return {
    /** For `onMutate`: shows `next` and keeps the list it replaced for `restore`. */
    async show(next: T[]): Promise<{ previous: T[] | undefined }> {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<T[]>(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    /** For `onSuccess`: a save still queued behind this one already shows its newer list. */
    settle(saved: T[]) {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(queryKey, saved);
    },
    /** For `onError`. */
    restore(context: { previous?: T[] } | undefined) {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
  };
}
