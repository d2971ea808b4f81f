// The auth messages and limits, dependency-free so the web pages can show them without loading zod.
// schemas.ts builds its validation from these; nothing else spells these strings out.

export const PASSWORD_MIN_LENGTH = 10;
// scrypt's cost does not depend on length, but a bound keeps request bodies and hashing inputs sane.
export const PASSWORD_MAX_LENGTH = 256;

import { RECENT_PROOF_MINUTES } from "../platform/recent-proof";

/** A password may be set without knowing the old one only this soon after a sign-in (decisions 066, 195). */
export const REAUTH_WINDOW_MINUTES = RECENT_PROOF_MINUTES;

export const AUTH_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address.",
  passwordRequiredTitle: "Password required",
  passwordRequired: "Please enter your password.",
  invalidCredentials: "Invalid email or password",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordIsEmail: "Password must not be the same as your email address.",
  passwordTooCommon: "This password is one of the most common passwords and easy to guess. Please choose another.",
  passwordTooPersonal: "Password must not be based on your email address or the site's name. Please choose another.",
  passwordBreached: "This password has appeared in a known data breach. Please choose another.",
  passwordsDontMatch: "Passwords do not match.",
  redirectInvalid: "Invalid redirect path",
  tokenMissing: "This sign-in link is incomplete. Please request a new one.",
  currentPasswordRequired: "Please enter your current password.",
  currentPasswordWrong: "Your current password is incorrect.",
  localeInvalid: "Please choose English or Spanish.",
  reauthRequired: `For your security, please sign in again: a password can be set within ${REAUTH_WINDOW_MINUTES} minutes of signing in.`,
} as const;
