import { differenceInDays, parseISO } from "date-fns";
import type { CompletionView } from "../../../worker/features/completions/schemas";

export type ProgressStats = { completed: number; withNotes: number; daysActive: number };

/**
 * Spec §9: Days Active is the whole days since the oldest completion (the last item of the
 * newest-first list), or 0 when there is none.
 */
export function progressStats(completions: CompletionView[], now = new Date()): ProgressStats {
  const oldest = completions.at(-1);
  return {
    completed: completions.length,
    withNotes: completions.filter((c) => c.notes !== null && c.notes.trim() !== "").length,
    daysActive: oldest ? Math.max(0, differenceInDays(now, parseISO(oldest.completed_at))) : 0,
  };
}
