/**
 * A signed-out visitor who chose 'Track Progress' gets a magic link; the completion they meant to
 * record waits here (localStorage: the link may open in another tab) and is recorded when they come
 * back signed in. Kept for a day at most.
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

/** Returns and removes the pending completion for this action, if there is a fresh one. */
export function takePendingCompletion(actionId: string): { notes: string; shareNote: boolean } | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<Pending>;
    if (pending.actionId !== actionId) return null;
    localStorage.removeItem(KEY);
    if (typeof pending.savedAt !== "number" || Date.now() - pending.savedAt > MAX_AGE_MS) return null;
    return { notes: typeof pending.notes === "string" ? pending.notes : "", shareNote: pending.shareNote === true };
  } catch {
    return null;
  }
}
