import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { email } from "../platform/rule-schemas";
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, REAUTH_WINDOW_MINUTES } from "./messages";
import { isSafeRedirectPath, SAFE_REDIRECT_PATTERN } from "./redirect-path";
import type { meAnswer, refreshAnswer, sessionAnswer, sessionSchema, verifyAnswer } from "./responses";

export { AUTH_MESSAGES, isSafeRedirectPath, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, REAUTH_WINDOW_MINUTES };

// Shared by the API and the web forms (the web bundle imports this file: zod and pure code only).

/** Trimmed and case-folded: the account identity is the lower-cased address. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .apply(email(AUTH_MESSAGES.emailInvalid))
  .transform((e) => e.toLowerCase());

export const redirectToSchema = z
  .string()
  .max(512, AUTH_MESSAGES.redirectInvalid)
  .regex(SAFE_REDIRECT_PATTERN, AUTH_MESSAGES.redirectInvalid)
  .refine(isSafeRedirectPath, AUTH_MESSAGES.redirectInvalid);

export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  redirect_to: redirectToSchema.nullish(),
});
export type MagicLinkRequest = z.input<typeof magicLinkRequestSchema>;

export const verifyMagicLinkSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.tokenMissing }).trim().min(1, AUTH_MESSAGES.tokenMissing).max(200),
});

export const passwordSignInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.invalidCredentials),
});
export type PasswordSignIn = z.input<typeof passwordSignInSchema>;

/** The rules for a new password; the "not your email" rule needs the account's address. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

export function passwordEqualsEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}

/** The password being replaced; required by the server whenever the account has one (decision 066). */
export const currentPasswordSchema = z
  .string({ error: AUTH_MESSAGES.currentPasswordRequired })
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.currentPasswordWrong);

export const setPasswordSchema = z.object({
  password: newPasswordSchema,
  current_password: currentPasswordSchema.optional(),
});
export type SetPasswordRequest = z.input<typeof setPasswordSchema>;

/** The member's language, chosen in the account section (issue 46): the language of every email to them. */
export const setLocaleSchema = z.object({
  locale: z.enum(LOCALES, { error: AUTH_MESSAGES.localeInvalid }),
});
export type SetLocaleRequest = z.input<typeof setLocaleSchema>;

/**
 * The account section's form: the same rules plus a confirmation, checked against the user's email.
 * The current password may be left empty: right after a magic-link sign-in (the reset path) the
 * server accepts that, and otherwise it answers with the message the form shows under the field.
 */
export const setPasswordFormSchema = (email: string) =>
  z
    .object({ current: currentPasswordSchema, password: newPasswordSchema, confirm: z.string() })
    .refine((v) => !passwordEqualsEmail(v.password, email), {
      message: AUTH_MESSAGES.passwordIsEmail,
      path: ["password"],
    })
    .refine((v) => v.password === v.confirm, { message: AUTH_MESSAGES.passwordsDontMatch, path: ["confirm"] });

// Response shapes (types only), shared with the web client: inferred from the answers' schemas (responses.ts).

/** The spec's Session entity; the refresh token travels only in its HttpOnly cookie. */
export type SessionBody = z.output<typeof sessionSchema>;

export type SessionResponse = z.output<typeof sessionAnswer>;
export type RefreshResponse = z.output<typeof refreshAnswer>;
export type VerifyResponse = z.output<typeof verifyAnswer>;

export type MeBody = z.output<typeof meAnswer>;
