import { z } from "zod";
import { LOCALES } from "../i18n/locales";

/** The answers of the auth and account routes (decision 179): the document's schemas and the handlers' types. */

/** The spec's Session entity; the refresh token travels only in its HttpOnly cookie. */
export const sessionSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal("bearer"),
    expires_in: z.number().int(),
    /** Unix seconds. */
    expires_at: z.number().int(),
    user: z.object({ id: z.string(), email: z.string() }),
  })
  .meta({ id: "Session" });

export const magicLinkSentAnswer = z.object({ ok: z.literal(true), message: z.string() });

export const sessionAnswer = z.object({ session: sessionSchema });

/** A sign-in link read without spending it (decision 215): whose it is, masked, for the page's button. */
export const magicLinkViewAnswer = z.object({ masked_email: z.string() });

export const verifyAnswer = z.object({ session: sessionSchema, redirect_to: z.string().nullable() });

/** No refresh cookie is a visitor without a session, not an error: `session` is then null. */
export const refreshAnswer = z.object({ session: sessionSchema.nullable() });

export const signedOutAnswer = z.object({ ok: z.literal(true) });

export const meAnswer = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    has_password: z.boolean(),
    created_at: z.string(),
    /** The member's language: every email to them is in it (issue 46). */
    locale: z.enum(LOCALES),
  }),
  profile: z.object({ role: z.enum(["user", "admin"]) }),
});

/** "Download my data" (POST /api/me/exports, then its file): everything we hold about a member, as one JSON document. */
export const myDataExportSchema = z.object({
  exported_at: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(["user", "admin"]),
    has_password: z.boolean(),
    email_verified_at: z.string().nullable(),
    created_at: z.string(),
  }),
  sessions: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      revoked_at: z.string().nullable(),
      revoked_reason: z.string().nullable(),
    }),
  ),
  sign_in_history: z.array(
    z.object({
      action: z.string(),
      method: z.string().nullable(),
      ip_address: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  completions: z.array(
    z.object({
      action_id: z.string().nullable(),
      action_title: z.string().nullable(),
      completed_at: z.string(),
      notes: z.string().nullable(),
    }),
  ),
  subscription: z
    .object({
      first_name: z.string(),
      email: z.string(),
      zip_code: z.string().nullable(),
      active: z.boolean(),
      subscribed_at: z.string(),
      unsubscribed_at: z.string().nullable(),
      /** The confirmation's evidence (double opt-in, decision 182). */
      consent: z.object({
        confirmed_at: z.string().nullable(),
        ip_address: z.string().nullable(),
        user_agent: z.string().nullable(),
      }),
      emails_received: z.array(
        z.object({
          campaign_kind: z.string(),
          action_title: z.string().nullable(),
          status: z.string(),
          at: z.string(),
        }),
      ),
    })
    .nullable(),
});

export const accountDeletedAnswer = z.object({ deleted: z.literal(true) });

/** GET /api/me/sessions: the member's live sessions (decision 191). */
export const sessionListAnswer = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      /** The last refresh, to within a few minutes. */
      last_used_at: z.string(),
      /** How the session was signed in to ("password", "magic_link", …). */
      method: z.string().nullable(),
      /** The browser family ("Firefox"), null when the User-Agent named none we know. */
      browser: z.string().nullable(),
      /** The session of the request itself. */
      current: z.boolean(),
    }),
  ),
});
export type SessionListBody = z.output<typeof sessionListAnswer>;

export const sessionEndedAnswer = z.object({ ended: z.literal(true) });
export const otherSessionsEndedAnswer = z.object({ ended: z.number().int() });
