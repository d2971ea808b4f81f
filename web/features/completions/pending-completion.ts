import type { ToastOptions } from "../../components/ui/use-toast";
import { recordCompletion } from "./api";
import { completionToasts, type Translate } from "./completion-toasts";

/**
 * A signed-out visitor who chose 'Track Progress' gets a magic link; the completion they meant to
 * record waits here (localStorage: the link may open in another tab) and is recorded when they come
 * back signed in: by the page the link opens (recordPendingCompletion), or by the action's button once
 * it is on screen for a member who signed in another way. Kept for a day at most.
 */
const KEY = "earthkind:pending-completion";
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

type Pending = { actionId: string; notes: string; shareNote?: boolean; savedAt: number };

export function savePendingCompletion(actionId: string, notes: string, shareNote = false): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ actionId, notes, shareNote, savedAt: Date.now() } satisfies Pending));
  } catch {
    // Storage may be unavailable (private mode); the member can still record it by hand.
  }
}

/** Returns and removes the pending completion (for this action, if one is named), if there is a fresh one. */
export function takePendingCompletion(
  actionId?: string,
): { actionId: string; notes: string; shareNote: boolean } | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<Pending>;
    if (typeof pending.actionId !== "string" || (actionId !== undefined && pending.actionId !== actionId)) return null;
    localStorage.removeItem(KEY);
    if (typeof pending.savedAt !== "number" || Date.now() - pending.savedAt > MAX_AGE_MS) return null;
    return {
      actionId: pending.actionId,
      notes: typeof pending.notes === "string" ? pending.notes : "",
      shareNote: pending.shareNote === true,
    };
  } catch {
    return null;
  }
}

/**
 * Records the pending completion, if any, for the member who has just signed in: the toast to show for it, or null
 * when none was waiting.
 */
export async function recordPendingCompletion(t: Translate): Promise<ToastOptions | null> {
  const pending = takePendingCompletion();
  if (!pending) return null;
  try {
    await recordCompletion(pending.actionId, pending.notes, pending.shareNote);
    return completionToasts(t).recorded;
  } catch (error) {
    console.error("recording the pending completion failed", error);
    return completionToasts(t).failed(error);
  }
}
