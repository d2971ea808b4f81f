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
import { recordCompletion } from "./api";
import { COMPLETION_TOASTS } from "./completion-toasts";
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
      toast(COMPLETION_TOASTS.recorded);
      setStep("success");
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        toast({ title: "Profile not found", description: "Please try signing in again.", variant: "destructive" });
      } else {
        toast(COMPLETION_TOASTS.failed(err));
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
      toast({ title: "Check your email!", description: "We sent you a magic link to sign in." });
      setStep("success");
    } catch (err) {
      toast({ title: "Error sending magic link", description: errorText(err), variant: "destructive" });
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
              <DialogTitle>Mark as Complete</DialogTitle>
              <DialogDescription>
                {user
                  ? "Nice work! Add a note about how it went, if you like."
                  : "Nice work! Sign in with a magic link to keep track of the actions you complete."}
              </DialogDescription>
            </DialogHeader>
            <NoteFields
              notes={{ value: notes, onChange: (e) => setNotes(e.target.value) }}
              share={{ checked: shareNote, onCheckedChange: (c) => setShareNote(c === true) }}
            />
            <DialogFooter>
              <Button variant="ghost" onClick={() => handleOpenChange(false)}>
                Skip for now
              </Button>
              <Button onClick={submitCompletion} disabled={busy} aria-busy={busy}>
                {user ? "Record Completion" : "Track Progress"}
              </Button>
            </DialogFooter>
          </>
        )}

        {step === "auth" && (
          <form onSubmit={submitMagicLink} className="grid gap-5" {...bot.formProps}>
            <DialogHeader>
              <DialogTitle>Sign in to track your progress</DialogTitle>
              <DialogDescription>
                We'll email you a magic link. Open it to sign in and we'll save this completion.
              </DialogDescription>
            </DialogHeader>
            <FormField label="Email">
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
                Back
              </Button>
              <Button type="submit" disabled={email.trim() === "" || busy} aria-busy={busy}>
                Send Magic Link
              </Button>
            </DialogFooter>
          </form>
        )}

        {step === "success" && (
          <>
            <DialogHeader>
              <DialogTitle>{user ? "Completion recorded!" : "Check your email!"}</DialogTitle>
              <DialogDescription>
                {user
                  ? "Great job taking action for the environment. See all your actions on My Progress."
                  : "We sent you a magic link. Open it on this device to sign in, and your completion will be saved."}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button onClick={() => handleOpenChange(false)}>Continue</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
