import { useCallback, useEffect, useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { ActionInput, ActionValues } from "#contract/actions/schemas";
import { toast } from "../../../components/ui/use-toast";

/** Spec §4/§9: new actions autosave to local storage 2 s after the last change. */
export const DRAFT_KEY = "earthkind:new-action-draft";
export const DRAFT_DELAY_MS = 2000;

const worthSaving = (v: { title?: unknown; summary?: unknown; why_it_matters?: unknown }) =>
  [v.title, v.summary, v.why_it_matters].some((s) => typeof s === "string" && s.trim() !== "");

function readDraft(): Partial<ActionInput> | null {
  try {
    const raw = localStorage.getItem(DRAFT_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === "object" ? (parsed as Partial<ActionInput>) : null;
  } catch {
    return null;
  }
}

/**
 * Restores a saved draft on open ('Draft Restored') and saves changes after a 2 s pause, but only
 * while title, summary or why_it_matters has text. `clearDraft` is called after a successful save.
 */
export function useDraftAutosave(
  form: UseFormReturn<ActionInput, unknown, ActionValues>,
  enabled: boolean,
  onRestore: (draft: Partial<ActionInput>) => void,
) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopped = useRef(false);
  const restoreRef = useRef(onRestore);
  restoreRef.current = onRestore;
  const { watch } = form;

  useEffect(() => {
    if (!enabled) return;
    const draft = readDraft();
    if (draft && worthSaving(draft)) {
      restoreRef.current(draft);
      toast({ title: "Draft Restored", description: "Your unsaved action was restored from this browser." });
    }
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    const subscription = watch((values) => {
      clearTimeout(timer.current);
      if (stopped.current) return;
      timer.current = setTimeout(() => {
        if (stopped.current || !worthSaving(values)) return;
        try {
          localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...values, status: undefined }));
        } catch {
          // Storage full or unavailable: autosave is a convenience, saving still works.
        }
      }, DRAFT_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [enabled, watch]);

  return useCallback(() => {
    stopped.current = true;
    clearTimeout(timer.current);
    try {
      localStorage.removeItem(DRAFT_KEY);
    } catch {
      // Nothing to clear.
    }
  }, []);
}
