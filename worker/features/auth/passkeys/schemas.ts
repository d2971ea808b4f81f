import { z } from "zod";
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from "#contract/auth/passkey-messages";
import { sessionSchema } from "#contract/auth/responses";

// The bodies only bound what a browser sends (base64url text of sane sizes); @simplewebauthn/server
// decodes and verifies the contents.
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

const credential = {
  id: b64url(1024).min(1),
  rawId: b64url(1024).min(1),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

export const registrationBodySchema = z.object({
  /** Optional (issue 42): without one the passkey is named after the browser and device that made it. */
  name: passkeyNameSchema.optional(),
  response: z.object({
    ...credential,
    response: z.looseObject({
      clientDataJSON: b64url(4096).min(1),
      attestationObject: b64url(16_384).min(1),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  }),
});
export type RegistrationBody = z.output<typeof registrationBodySchema>;

export const authenticationBodySchema = z.object({
  response: z.object({
    ...credential,
    response: z.looseObject({
      clientDataJSON: b64url(4096).min(1),
      authenticatorData: b64url(4096).min(1),
      signature: b64url(1024).min(1),
      userHandle: b64url(1024).optional(),
    }),
  }),
});
export type AuthenticationBody = z.output<typeof authenticationBodySchema>;

export const renamePasskeySchema = z.object({ name: passkeyNameSchema });

/** WebAuthn's PublicKeyCredential*OptionsJSON, passed to the browser's ceremony as they are. */
export const ceremonyOptionsAnswer = z.looseObject({ challenge: z.string() });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced to the person's other devices by their password manager or platform. */
  backed_up: z.boolean(),
});
export const passkeyAnswer = z.object({ passkey: passkeySchema });
export const passkeyListAnswer = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyDeletedAnswer = z.object({ deleted: z.literal(true) });
export const passkeySessionAnswer = z.object({ session: sessionSchema });
