import { useState } from "react";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { useAuth } from "../../lib/auth/auth-provider";
import { useBotCheck } from "../../lib/bot-check";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { recordCompletion } from "./api";
import { completionToasts } from "./completion-toasts";
import { NoteFields } from "./note-fields";
import { savePendingCompletion } from "./pending-completion";

type Step = "completion" | "auth" | "success";

interface CompletionDialogProps {
  actionId: string;
  open: boolean;
  /** The caller re-checks its completed state after the dialog closes (spec §4: 500 ms later). */
  onOpenChange: (open: boolean) => void;
  /** Called once a completion is recorded (the action's impact count has changed). */
  onRecorded?: () => void;
}

/** Spec §4's three-step completion dialog: notes → (sign-in by magic link) → success. */
export function CompletionDialog({ actionId, open, onOpenChange, onRecorded }: CompletionDialogProps) {
  const { user, sendMagicLink } = useAuth();
  const { t } = useT();
  const bot = useBotCheck(BOT_CHECK_ACTIONS.magicLink);
  const [step, setStep] = useState<Step>("completion");
  const [notes, setNotes] = useState("");
  const [shareNote, setShareNote] = useState(false);
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);

  // Closing resets step, email and notes (spec §4).
  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setStep("completion");
      setNotes("");
      setShareNote(false);
      setEmail("");
      setBusy(false);
    }
    onOpenChange(next);
  };

  async function submitCompletion() {
    if (!user) {
      setStep("auth");
      return;
    }
    setBusy(true);
    try {
      await recordCompletion(actionId, notes, shareNote);
      onRecorded?.();
      toast(completionToasts(t).recorded);
      setStep("success");
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        toast({
          title: t("progress.toast.profileNotFound"),
          description: t("progress.toast.signInAgain"),
          variant: "destructive",
        });
      } else {
        toast(completionToasts(t).failed(err));
      }
    } finally {
      setBusy(false);
    }
  }

  async function submitMagicLink(event: React.FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address || busy) return;
    setBusy(true);
    try {
      // Recorded after they come back signed in (the link returns them to this page).
      savePendingCompletion(actionId, notes, shareNote);
      await sendMagicLink(address, `${window.location.pathname}${window.location.search}`, await bot.headers()).finally(
        bot.reset,
      );
      toast({ title: t("account.toast.checkEmail"), description: t("account.toast.linkSent") });
      setStep("success");
    } catch (err) {
      toast({ title: t("account.toast.linkFailed"), description: errorText(err), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        {step === "completion" && (
          <>
            <DialogHeader>
              <DialogTitle>{t("progress.control.mark")}</DialogTitle>
              <DialogDescription>
                {user ? t("progress.dialog.leadMember") : t("progress.dialog.leadVisitor")}
              </DialogDescription>
            </DialogHeader>
            <NoteFields
              notes={{ value: notes, onChange: (e) => setNotes(e.target.value) }}
              share={{ checked: shareNote, onCheckedChange: (c) => setShareNote(c === true) }}
            />
            <DialogFooter>
              <Button variant="ghost" onClick={() => handleOpenChange(false)}>
                {t("progress.dialog.skip")}
              </Button>
              <Button onClick={submitCompletion} disabled={busy} aria-busy={busy}>
                {user ? t("progress.dialog.record") : t("progress.dialog.track")}
              </Button>
            </DialogFooter>
          </>
        )}

        {step === "auth" && (
          <form onSubmit={submitMagicLink} className="grid gap-5" {...bot.formProps}>
            <DialogHeader>
              <DialogTitle>{t("progress.dialog.signInTitle")}</DialogTitle>
              <DialogDescription>{t("progress.dialog.signInLead")}</DialogDescription>
            </DialogHeader>
            <FormField label={t("account.signIn.email")}>
              <Input
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormField>
            {bot.widget}
            <DialogFooter>
              <Button variant="ghost" onClick={() => setStep("completion")}>
                {t("progress.dialog.back")}
              </Button>
              <Button type="submit" disabled={email.trim() === "" || busy} aria-busy={busy}>
                {t("account.signIn.sendLink")}
              </Button>
            </DialogFooter>
          </form>
        )}

        {step === "success" && (
          <>
            <DialogHeader>
              <DialogTitle>{user ? t("progress.dialog.recorded") : t("account.toast.checkEmail")}</DialogTitle>
              <DialogDescription>
                {user ? t("progress.dialog.recordedBody") : t("progress.dialog.sentBody")}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button onClick={() => handleOpenChange(false)}>{t("progress.dialog.continue")}</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
