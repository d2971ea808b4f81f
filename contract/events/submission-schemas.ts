// The event submission form and its moderation (spec §5), shared by the Worker and the web form: zod and pure code.
import { z } from "zod";
import { FIELD_MAX, isEmail, isPlainText, isWebUrl, isZip, normaliseUrl, zip5 } from "../platform/field-rules";
import { dateTime, email, plainText, webUrl, zip } from "../platform/rule-schemas";
import { EVENT_CATEGORIES } from "./constants";

// ---------------------------------------------------------------------------------------------
// Event submission (spec §5). Checks run in the spec's order and only the first failure is
// reported, so the form's toast and the API's 400 carry the same single message.

export const SUBMISSION_REQUIRED_FIELDS = [
  "title",
  "category",
  "start_time",
  "city",
  "state",
  "organizer_name",
  "organizer_email",
  "registration_url",
] as const;

export const SUBMISSION_FIELDS = [
  "title",
  "description",
  "category",
  "start_time",
  "end_time",
  "address",
  "city",
  "state",
  "postal_code",
  "organizer_name",
  "organizer_email",
  "organizer_url",
  "registration_url",
  "image_url",
  "notes_for_moderator",
] as const;
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

/** 'Please fill in the {field} field', only the first underscore becoming a space (as the spec says). */
export const missingFieldMessage = (field: string) => `Please fill in the ${field.replace("_", " ")} field`;

export const SUBMISSION_MESSAGES = {
  email: "Please enter a valid email address",
  urls: "Please enter valid URLs",
  state: "Please enter a valid 2-letter state code",
  postalCode: "Please enter a valid ZIP code (5 digits, or 5+4)",
  category: "Please choose one of the listed categories",
  startTime: "Please enter a valid start time",
  endTime: "The end time must be after the start time",
  controlCharacters: (field: string) => `The ${field.replace("_", " ")} field contains characters that are not allowed`,
  tooLong: (field: string, max: number) => `The ${field.replace("_", " ")} field must be ${max} characters or less`,
  success: "Event submitted successfully for review!",
} as const;

const STATE_CODE = /^[A-Z]{2}$/;

/** Where a newline makes sense; every other field is one line. */
const MULTILINE_FIELDS = new Set<SubmissionField>(["description", "notes_for_moderator", "address"]);

/** Longest value per submission field; the form's `maxLength`s read this too. */
export const SUBMISSION_MAX_LENGTHS = {
  title: 200,
  description: 5000,
  address: 300,
  city: 100,
  organizer_name: 200,
  organizer_email: FIELD_MAX.email,
  organizer_url: 2000,
  registration_url: 2000,
  image_url: 2000,
  notes_for_moderator: 2000,
  category: 40,
  start_time: 40,
  end_time: 40,
  state: 2 + 8,
  postal_code: FIELD_MAX.zip,
} as const satisfies Partial<Record<SubmissionField, number>>;

const MAX_LENGTHS: Partial<Record<SubmissionField, number>> = SUBMISSION_MAX_LENGTHS;

/**
 * The submission check's words: the spec's English below; another language's from its catalogue
 * (submission-messages.ts), so the form and the API answer a Spanish page in Spanish with the same first message.
 */
export type SubmissionMessages = {
  missing: (field: SubmissionField) => string;
  tooLong: (field: SubmissionField, max: number) => string;
  controlCharacters: (field: SubmissionField) => string;
  text: string;
  email: string;
  urls: string;
  state: string;
  postalCode: string;
  category: string;
  startTime: string;
  endTime: string;
};

const ENGLISH_SUBMISSION_MESSAGES: SubmissionMessages = {
  missing: missingFieldMessage,
  tooLong: SUBMISSION_MESSAGES.tooLong,
  controlCharacters: SUBMISSION_MESSAGES.controlCharacters,
  text: "Please fill in the form with text values",
  email: SUBMISSION_MESSAGES.email,
  urls: SUBMISSION_MESSAGES.urls,
  state: SUBMISSION_MESSAGES.state,
  postalCode: SUBMISSION_MESSAGES.postalCode,
  category: SUBMISSION_MESSAGES.category,
  startTime: SUBMISSION_MESSAGES.startTime,
  endTime: SUBMISSION_MESSAGES.endTime,
};

/** Longest rejection reason. */
export const REJECT_REASON_MAX = 500;

/** Accepts an ISO date-time with a zone or a form's datetime-local value; the web sends the former. */
export const parseSubmissionTime = (value: string): number => new Date(value).getTime();

/** A submission as the API document's example (issue 47): what the form sends for a morning clean-up. */
const SUBMISSION_EXAMPLE = {
  title: "Johnson Creek clean-up",
  description: "Two hours pulling litter from the creek banks. Gloves and bags provided.",
  category: "cleanup",
  start_time: "2027-01-16T17:00:00.000Z",
  end_time: "2027-01-16T19:00:00.000Z",
  address: "SE 45th Ave & Johnson Creek Blvd",
  city: "Portland",
  state: "OR",
  postal_code: "97206",
  organizer_name: "Friends of Johnson Creek",
  organizer_email: "volunteer@example.org",
  organizer_url: "https://example.org/",
  registration_url: "https://example.org/clean-up",
  image_url: "",
  notes_for_moderator: "",
};

/**
 * Each field's rules as the API document states them (issue 47): required fields, lengths, patterns, formats and
 * the category's enum. It is part of the check (below), so the document can never be looser than the server.
 */
function submissionFieldsWith(m: SubmissionMessages) {
  /** A one-line (or, for some fields, multi-line) text within its field's length: the rules every field shares. */
  const line = (f: SubmissionField) =>
    z
      .string()
      .max(SUBMISSION_MAX_LENGTHS[f], m.tooLong(f, SUBMISSION_MAX_LENGTHS[f]))
      .apply(plainText(m.controlCharacters(f), { multiline: MULTILINE_FIELDS.has(f) }));
  /** A field the spec requires: not blank, then the shared rules. */
  const required = (f: SubmissionField) => line(f).min(1, m.missing(f)).regex(/\S/, m.missing(f));
  /** A field that may be left out or empty (""), or follows its rule. */
  const optional = <T extends z.ZodType<string>>(rule: T) =>
    z
      .union([z.literal(""), rule], {
        error: (issue) => (issue as { errors?: { message: string }[][] }).errors?.at(-1)?.[0]?.message,
      })
      .default("");
  return z
    .object({
      title: required("title"),
      description: optional(line("description")),
      category: z.enum(EVENT_CATEGORIES, { error: m.category }),
      start_time: required("start_time").apply(dateTime(m.startTime)),
      end_time: optional(line("end_time").apply(dateTime(m.endTime))),
      address: optional(line("address")),
      city: required("city"),
      state: required("state").regex(STATE_CODE, m.state),
      postal_code: optional(line("postal_code").apply(zip(m.postalCode))),
      organizer_name: required("organizer_name"),
      organizer_email: required("organizer_email").apply(email(m.email)),
      organizer_url: optional(line("organizer_url").apply(webUrl(m.urls, { max: 2000 }))),
      registration_url: required("registration_url").apply(webUrl(m.urls, { max: 2000 })),
      image_url: optional(line("image_url").apply(webUrl(m.urls, { max: 2000 }))),
      notes_for_moderator: optional(line("notes_for_moderator")),
    })
    .meta({ examples: [SUBMISSION_EXAMPLE] });
}

/** The one rule across fields, which JSON Schema cannot state: the document names it (x-rules). */
export const SUBMISSION_CROSS_FIELD_RULES = [SUBMISSION_MESSAGES.endTime] as const;

/**
 * The spec's order: only the first failure, by kind of check (missing, too long, characters, email, URLs, state,
 * ZIP, category, times), is reported, so the form's toast and the API's 400 carry the same single message. Runs
 * on the trimmed values (state upper-cased, null and absent as "") and hands them to the field rules.
 */
const inSpecOrderWith =
  (m: SubmissionMessages) =>
  (raw: EventSubmissionInput, ctx: z.RefinementCtx): unknown => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const input = raw as Record<string, unknown>;
    const notText = SUBMISSION_FIELDS.find((f) => input[f] != null && typeof input[f] !== "string");
    if (notText) {
      ctx.addIssue({ code: "custom", path: [notText], message: m.text });
      return raw;
    }
    const v = Object.fromEntries(
      SUBMISSION_FIELDS.map((f) => [f, ((input[f] as string | null) ?? "").trim()]),
    ) as Record<SubmissionField, string>;
    v.state = v.state.toUpperCase();
    const fail = (path: SubmissionField, message: string) => {
      ctx.addIssue({ code: "custom", path: [path], message });
      return v;
    };
    const missing = SUBMISSION_REQUIRED_FIELDS.find((f) => v[f] === "");
    if (missing) return fail(missing, m.missing(missing));
    const tooLong = (Object.entries(MAX_LENGTHS) as [SubmissionField, number][]).find(([f, max]) => v[f].length > max);
    if (tooLong) return fail(tooLong[0], m.tooLong(tooLong[0], tooLong[1]));
    const notPlain = SUBMISSION_FIELDS.find((f) => !isPlainText(v[f], { multiline: MULTILINE_FIELDS.has(f) }));
    if (notPlain) return fail(notPlain, m.controlCharacters(notPlain));
    if (!isEmail(v.organizer_email)) return fail("organizer_email", m.email);
    if (!isWebUrl(v.registration_url)) return fail("registration_url", m.urls);
    if (v.organizer_url && !isWebUrl(v.organizer_url)) return fail("organizer_url", m.urls);
    if (v.image_url && !isWebUrl(v.image_url)) return fail("image_url", m.urls);
    if (!STATE_CODE.test(v.state)) return fail("state", m.state);
    if (v.postal_code && !isZip(v.postal_code)) return fail("postal_code", m.postalCode);
    if (!(EVENT_CATEGORIES as readonly string[]).includes(v.category)) return fail("category", m.category);
    const start = parseSubmissionTime(v.start_time);
    if (Number.isNaN(start)) return fail("start_time", m.startTime);
    if (v.end_time) {
      const end = parseSubmissionTime(v.end_time);
      if (Number.isNaN(end) || end <= start) return fail("end_time", m.endTime);
    }
    return v;
  };

/** The submission's check with its messages in one language: the same rules, in the same order, in any. */
export const submissionSchemaWith = (m: SubmissionMessages) =>
  z.preprocess(inSpecOrderWith(m), submissionFieldsWith(m)).transform((v) => ({
    ...v,
    registration_url: normaliseUrl(v.registration_url),
    postal_code: zip5(v.postal_code) ?? "",
    organizer_url: v.organizer_url && normaliseUrl(v.organizer_url),
    image_url: v.image_url && normaliseUrl(v.image_url),
  }));

export const eventSubmissionSchema = submissionSchemaWith(ENGLISH_SUBMISSION_MESSAGES);
/** What the form holds: every field as text (null or absent: empty). */
export type EventSubmissionInput = Partial<Record<SubmissionField, string | null>>;
export type EventSubmission = z.output<typeof eventSubmissionSchema>;

export const EMPTY_SUBMISSION: Record<SubmissionField, string> = Object.fromEntries(
  SUBMISSION_FIELDS.map((f) => [f, ""]),
) as Record<SubmissionField, string>;

// ---------------------------------------------------------------------------------------------
// Moderation

export const approveSubmissionSchema = z.object({
  /** Lets a moderator correct a ZIP that could not be geocoded. */
  postal_code: z
    .string()
    .trim()
    .apply(zip(SUBMISSION_MESSAGES.postalCode))
    .transform((v) => zip5(v) as string)
    .optional(),
});
