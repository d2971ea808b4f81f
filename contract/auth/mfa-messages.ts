// The second-factor messages, dependency-free so the web screens can show the same words.

export const MFA_MESSAGES = {
  codeRequired: "Please enter the 6-digit code from your authenticator app, or a recovery code.",
  codeWrong: "That code is not right. Check your authenticator app and try again.",
  noPendingEnrolment: "Start setting up an authenticator app first.",
  notEnrolled: "No authenticator app is set up for this account yet.",
} as const;
