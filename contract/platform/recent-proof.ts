// Decision 195. Dependency-free, so the auth messages (and through them the web pages) share the window;
// the guard that answers 403 reauth_required is in auth-guard.ts.

/**
 * The most sensitive operations need a proof of presence from the last RECENT_PROOF_MINUTES: a sign-in,
 * or a second factor proved since. A stolen access token alone (15 minutes, refreshable for 30 days)
 * is then not enough to export, delete or mail everyone.
 */
export const RECENT_PROOF_MINUTES = 10;

export const RECENT_PROOF_MESSAGE = `For your security, please sign in again or confirm with your second factor: this can be done within ${RECENT_PROOF_MINUTES} minutes of signing in.`;

export type Proofs = { authTime: number; mfaTime: number };

export function provedRecently(user: Proofs, now = new Date()) {
  return now.getTime() / 1000 - Math.max(user.authTime, user.mfaTime) <= RECENT_PROOF_MINUTES * 60;
}
