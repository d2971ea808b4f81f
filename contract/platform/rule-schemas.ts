import { z } from "zod";
import {
  DATE_SHAPE,
  EMAIL_PATTERN,
  FIELD_MAX,
  HTTPS_URL_START,
  isCalendarDate,
  isWebUrl,
  LOOSE_EMAIL_PATTERN,
  PLAIN_LINE_PATTERN,
  PLAIN_TEXT_PATTERN,
  parseWebUrl,
  WEB_URL_START,
  ZIP_PATTERN,
} from "./field-rules";

/**
 * The field rules of field-rules.ts as zod steps that the API document can state (issue 47). A `refine` with a
 * predicate checks but says nothing in JSON Schema, so an integrator's generated client sent values the server
 * refused. Each rule here checks with a pattern zod writes into the document (`pattern`), and where a pattern
 * alone cannot say it (a day that exists, a URL that parses), adds the JSON Schema `format` that does, beside the
 * predicate that checks it: one step per rule, so the document and the check cannot drift. Use with zod's
 * `.apply`: `z.string().trim().apply(email(MESSAGE))`. The document may be stricter than the check (ajv's `email`
 * and `uri` formats are), never looser: every value the document allows passes.
 */
type Str = z.ZodString;

/** isEmail: a standard address of at most 254 characters. */
export const email = (message: string) => (s: Str) =>
  s.max(FIELD_MAX.email, message).regex(EMAIL_PATTERN, message).meta({ format: "email" });

/** isLooseEmail: the contact form's "something@something" (spec §5). */
export const looseEmail = (message: string) => (s: Str) =>
  s.max(FIELD_MAX.email, message).regex(LOOSE_EMAIL_PATTERN, message);

/** isZip: 5 digits or ZIP+4. */
export const zip = (message: string) => (s: Str) => s.max(FIELD_MAX.zip, message).regex(ZIP_PATTERN, message);

/** isCalendarDate: YYYY-MM-DD naming a day that exists (format: date says the second half). */
export const calendarDate = (message: string) => (s: Str) =>
  s
    .max(FIELD_MAX.date, message)
    .regex(DATE_SHAPE, message)
    .refine((v) => isCalendarDate(v), message)
    .meta({ format: "date" });

/** isWebUrl: an http(s) URL that parses (format: uri), at most `max` characters. */
export const webUrl =
  (message: string, { max = FIELD_MAX.url, httpsOnly = false }: { max?: number; httpsOnly?: boolean } = {}) =>
  (s: Str) =>
    s
      .max(max, message)
      .regex(httpsOnly ? HTTPS_URL_START : WEB_URL_START, message)
      .refine((v) => isWebUrl(v, { httpsOnly }), message)
      .meta({ format: "uri" });

/** A URL of any web scheme that parses (`parseWebUrl`), https as the document's pattern demands. */
export const httpsUrl = (invalid: string, notHttps: string) => (s: Str) =>
  s
    .max(FIELD_MAX.url, invalid)
    .refine((v) => parseWebUrl(v) !== null, invalid)
    .regex(HTTPS_URL_START, notHttps)
    .meta({ format: "uri" });

/** isPlainText: no control or formatting characters (`multiline` keeps tab, LF and CR). */
export const plainText =
  (message: string, { multiline = false }: { multiline?: boolean } = {}) =>
  (s: Str) =>
    s.regex(multiline ? PLAIN_TEXT_PATTERN : PLAIN_LINE_PATTERN, message);

/**
 * A value that may be blank ("", whitespace or null: "no value") or follow `rule`: the document says `""`, null or
 * the rule (anyOf); a value that is neither gets the rule's own message. For forms whose empty inputs send "".
 */
const blank = z
  .string()
  .max(FIELD_MAX.text)
  .regex(/^\s*$/)
  .transform(() => "");
/** A union's message when no member matches: the rule's own (the last member's first issue). */
const rulesMessage = (issue: unknown) => (issue as { errors?: { message: string }[][] }).errors?.at(-1)?.[0]?.message;

export const blankOr = <T extends z.ZodType>(rule: T) => z.union([blank, z.null(), rule], { error: rulesMessage });

/** As blankOr, for a text input that is never null (a row of a list). */
export const blankTextOr = <T extends z.ZodType>(rule: T) => z.union([blank, rule], { error: rulesMessage });

/** isSitePath, in printable ASCII: "/", or "/" then neither "/" nor "\" and no spaces (the document is stricter). */
const SITE_PATH = /^\/(?:[!-.0-[\]-~][!-[\]-~]*)?$/;

/** An https URL or a path on this site (an uploaded image, a page): `accept` checks, the document says both forms. */
export const httpsUrlOrSitePath = (message: string, accept: (v: string) => boolean) => (s: Str) =>
  s
    .max(FIELD_MAX.url, message)
    .refine(accept, message)
    .meta({
      anyOf: [{ format: "uri", pattern: HTTPS_URL_START.source }, { pattern: SITE_PATH.source }],
    });

/** RFC 3339's date-time as JavaScript's Date reads it: a 'T' and whole seconds (ajv allows 't', ' ' and :60). */
const DATE_TIME_START = /^\d{4}-\d{2}-\d{2}T\d{2}:[0-5]\d:[0-5]\d/;

/**
 * A time JavaScript's Date can read (what the check accepts, e.g. a form's zone-less local time); the document
 * asks for the unambiguous subset, an RFC 3339 date-time with its zone.
 */
export const dateTime = (message: string) => (s: Str) =>
  s
    .max(40, message)
    .refine((v) => !Number.isNaN(new Date(v).getTime()), message)
    .meta({ format: "date-time", pattern: DATE_TIME_START.source });
