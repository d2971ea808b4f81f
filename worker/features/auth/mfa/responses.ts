import { z } from "zod";
import { MFA_MESSAGES } from "#contract/auth/mfa-messages";
import { sessionSchema } from "#contract/auth/responses";

/** The second-factor routes' bodies and answers (decision 194). */

export const codeSchema = z.object({
  code: z
    .string({ error: MFA_MESSAGES.codeRequired })
    .trim()
    .min(6, MFA_MESSAGES.codeRequired)
    .max(32, MFA_MESSAGES.codeWrong),
});

export const mfaStatusAnswer = z.object({
  totp: z.enum(["none", "pending", "confirmed"]),
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
  /** The caller's session: its second factor, if it proved one. */
  second_factor: z.object({ method: z.enum(["otp", "recovery_code", "passkey"]), at: z.number().int() }).nullable(),
});

export const totpEnrolmentAnswer = z.object({
  /** Base32, for typing into the app by hand; shown once. */
  secret: z.string(),
  /** The otpauth:// URI an app can read (as a QR code or a link). */
  otpauth_uri: z.string(),
});

export const totpConfirmedAnswer = z.object({
  session: sessionSchema,
  /** Shown once: only their hashes are kept. */
  recovery_codes: z.array(z.string()),
});

export const secondFactorAnswer = z.object({ session: sessionSchema });
