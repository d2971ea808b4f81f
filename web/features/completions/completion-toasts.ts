import type { ToastOptions } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import type { useT } from "../../lib/i18n";

export type Translate = ReturnType<typeof useT>["t"];

/** What a member is told when a completion is recorded, or is not (the spec's error catalogue, §8). */
export const completionToasts = (t: Translate) => ({
  recorded: { title: t("progress.toast.recorded"), description: t("progress.toast.recordedBody") } as ToastOptions,
  failed: (error: unknown): ToastOptions => ({
    title: t("progress.toast.failed"),
    description: errorText(error),
    variant: "destructive",
  }),
});
