import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { zip5 } from "../platform/field-rules";
import { email, plainText, zip } from "../platform/rule-schemas";
import {
  EMAIL_MAX,
  INVALID_LINK_MESSAGE,
  MANAGE_TOKEN_PATTERN,
  NAME_MAX,
  NAME_MIN,
  SIGNUP_MESSAGES,
  unescapeName,
  ZIP_FIELD_MAX,
} from "./signup-rules";

/**
 * Email signup rules (spec §5) as zod schemas, shared by the signup form and POST /api/subscribers.
 * The order of the object's keys is the order of the checks, so the first issue is the message both
 * sides show. Messages and limits live in signup-rules.ts.
 */
const nameMessage = SIGNUP_MESSAGES.name.description;
const emailMessage = SIGNUP_MESSAGES.email.description;
const zipMessage = SIGNUP_MESSAGES.zip.description;

export const firstNameSchema = z
  .string({ error: nameMessage })
  .trim()
  .min(NAME_MIN, nameMessage)
  .max(NAME_MAX, nameMessage)
  .apply(plainText(nameMessage));

export const signupEmailSchema = z
  .string({ error: emailMessage })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, emailMessage)
  .apply(email(emailMessage));

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

export const zipCodeSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: zipMessage })
    .trim()
    .max(ZIP_FIELD_MAX, zipMessage)
    .apply(zip(zipMessage))
    // A ZIP+4 is kept as its 5-digit ZIP: events and the weekly send's zone look up 5-digit ZIPs.
    .transform((v) => zip5(v) as string)
    .optional(),
);

/** The language of the subscriber's emails and pages (issue 46): without it, the request's language. */
export const emailLocaleSchema = z
  .enum(LOCALES)
  .optional()
  .describe("The language of the subscriber's emails, en or es; without it, the request's Accept-Language");

/** What the form checks (before the name is HTML-escaped for sending). */
export const signupSchema = z.object({
  first_name: firstNameSchema,
  email: signupEmailSchema,
  zip_code: zipCodeSchema,
  locale: emailLocaleSchema,
});

/**
 * The API's body: the client sends the name HTML-escaped, the server stores plain text (every
 * output escapes it again), so it decodes first and then applies the very same rules.
 */
export const signupRequestSchema = z
  .object({
    first_name: z.preprocess((v) => (typeof v === "string" ? unescapeName(v) : v), firstNameSchema),
    email: signupEmailSchema,
    zip_code: zipCodeSchema,
    locale: emailLocaleSchema,
  })
  .meta({ examples: [{ first_name: "Maya", email: "maya@example.org", zip_code: "97210", locale: "en" }] });
export type SignupRequest = z.output<typeof signupRequestSchema>;

export const manageTokenSchema = z
  .string({ error: INVALID_LINK_MESSAGE })
  .trim()
  .min(1, INVALID_LINK_MESSAGE)
  .regex(MANAGE_TOKEN_PATTERN, INVALID_LINK_MESSAGE);
export const manageTokenBodySchema = z.object({ token: manageTokenSchema });
/** Confirming from the page the email linked to: the page's language becomes the subscriber's (decision 274). */
export const confirmBodySchema = z.object({ token: manageTokenSchema, locale: emailLocaleSchema });
/** The manage page's "Email language". */
export const emailLanguageBodySchema = z.object({ token: manageTokenSchema, locale: z.enum(LOCALES) });
