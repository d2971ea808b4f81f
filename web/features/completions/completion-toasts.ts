import type { ToastOptions } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";

/** What a member is told when a completion is recorded, or is not (the spec's error catalogue, §8). */
export const COMPLETION_TOASTS = {
  recorded: { title: "Action completed! 🎉", description: "Great job taking action for the environment." },
  failed: (error: unknown): ToastOptions => ({
    title: "Error recording completion",
    description: errorText(error),
    variant: "destructive",
  }),
} satisfies Record<string, ToastOptions | ((error: unknown) => ToastOptions)>;
