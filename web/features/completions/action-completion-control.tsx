import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button, type ButtonProps } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth/auth-provider";
import { useT } from "../../lib/i18n";
import { completionForActionQuery, completionKeys, recordCompletion } from "./api";
import { completionToasts } from "./completion-toasts";
import { takePendingCompletion } from "./pending-completion";

// The dialog (Radix Dialog, the notes form) loads when first opened, not with every action card.
const CompletionDialog = lazy(() => import("./completion-dialog").then((m) => ({ default: m.CompletionDialog })));

/** Spec §9: the completed state is re-checked 500 ms after the dialog closes. */
export const RECHECK_DELAY_MS = 500;

interface ActionCompletionControlProps {
  actionId: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
  /** Called once a completion is recorded, so the placing page can refresh the action's impact. */
  onRecorded?: () => void;
}

/**
 * 'Mark as Complete' (or a disabled 'Completed!') with its dialog. Used by the actions feature's
 * card and detail page; it owns everything about completions so they only place it.
 */
export function ActionCompletionControl({
  actionId,
  variant = "outline",
  size,
  className,
  onRecorded,
}: ActionCompletionControlProps) {
  const { user } = useAuth();
  const { t } = useT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const recheckTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A ref, so a new callback from the parent does not re-run the pending-completion effect.
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;
  const userId = user?.id ?? "";
  // The check runs when both the user and the action are known (spec §4); failures are only logged.
  const status = useQuery({ ...completionForActionQuery(userId, actionId), enabled: Boolean(user && actionId) });
  useEffect(() => {
    if (status.error) console.error("completion status check failed", status.error);
  }, [status.error]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: completionKeys.all });

  // A completion started signed out is recorded once the magic link brings the member back.
  useEffect(() => {
    if (!user || !actionId) return;
    const pending = takePendingCompletion(actionId);
    if (!pending) return;
    const key = completionForActionQuery(user.id, actionId).queryKey;
    recordCompletion(actionId, pending.notes, pending.shareNote)
      .then(async ({ completion }) => {
        onRecordedRef.current?.();
        // A status read that raced the write must not overwrite the answer we already have.
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(key, { completion });
        void queryClient.invalidateQueries({ queryKey: completionKeys.list(user.id) });
        toast(completionToasts(t).recorded);
      })
      .catch((err: unknown) => {
        console.error("recording the pending completion failed", err);
        toast(completionToasts(t).failed(err));
      });
  }, [user, actionId, queryClient, t]);

  useEffect(() => () => clearTimeout(recheckTimer.current), []);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setDialogWanted(true);
    if (!next) {
      clearTimeout(recheckTimer.current);
      recheckTimer.current = setTimeout(() => {
        if (user) void refresh();
      }, RECHECK_DELAY_MS);
    }
  };

  const completed = Boolean(status.data);
  return (
    <>
      {completed ? (
        <Button variant={variant} size={size} className={className} disabled>
          {t("progress.control.completed")}
        </Button>
      ) : (
        <Button variant={variant} size={size} className={className} onClick={() => onOpenChange(true)}>
          {t("progress.control.mark")}
        </Button>
      )}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <CompletionDialog actionId={actionId} open={open} onOpenChange={onOpenChange} onRecorded={onRecorded} />
        </Suspense>
      ) : null}
    </>
  );
}
