import { AUTH_MESSAGES } from "#contract/auth/messages";

/** The spec's sign-in toasts (§8), in one place for the sign-in and verify pages. */
export const SIGN_IN_TOASTS = {
  welcomeBack: { title: "Welcome back!", description: "You've been signed in successfully." },
  linkSent: { title: "Check your email!", description: "We sent you a magic link to sign in." },
  signInFailed: "Sign in failed",
  linkFailed: "Error sending magic link",
  passwordRequired: { title: AUTH_MESSAGES.passwordRequiredTitle, description: AUTH_MESSAGES.passwordRequired },
  /** What a failure without a message of its own says. */
  tryAgain: "Please try again in a moment.",
} as const;
