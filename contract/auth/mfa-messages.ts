// The second-factor messages, dependency-free so the web screens can show the same words.

export const MFA_MESSAGES = {
  codeRequired: "Please enter the 6-digit code from your authenticator app, or a recovery code.",
  codeWrong: "That code is not right. Check your authenticator app and try again.",
  noPendingEnrolment: "Start setting up an authenticator app first.",
  notEnrolled: "No authenticator app is set up for this account yet.",
  // Decision 213: changing second factors.
  proveFirst:
    "Confirm with your second factor first: enter a code from your authenticator app, or sign in with a passkey.",
  signInSinceGrant:
    "Please sign in again to set up your second factor: your admin access was granted after this sign-in.",
  lastSecondFactor:
    "Admin work needs a second factor, and this is your last one. Add another passkey or an authenticator app first.",
} as const;
