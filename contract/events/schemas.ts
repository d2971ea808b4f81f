// Shared by the Worker and the web forms: only zod and pure code here (the web bundle imports it).
import { z } from "zod";
import {
  FIELD_MAX,
  isCalendarDate,
  isEmail,
  isPlainText,
  isWebUrl,
  isZip,
  normaliseUrl,
  zip5,
} from "../platform/field-rules";
// Types only: responses.ts is server-only, and these aliases are erased from the web bundle.
import type {
  adminSubmissionSchema,
  eventPageSchema,
  eventResultSchema,
  listedEventSchema,
  searchAnswer,
  submissionStatusSchema,
} from "./responses";

// The constants the pages need live apart from zod, so a page showing events does not load it.
export * from "./constants";
export { isCalendarDate, isWebUrl };

import {
  DEFAULT_RADIUS,
  EVENT_CATEGORIES,
  MAX_SEARCH_LIMIT,
  PAGE_LIMIT,
  RADIUS_OPTIONS,
  type Radius,
} from "./constants";

/** The search's answer to a malformed ZIP (the events page shows it as "Error: …"). */
export const SEARCH_ZIP_MESSAGE = "ZIP code must be 5 digits or ZIP+4 (12345-6789)";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * A time-frame bound: a plain date (a whole SITE_TIMEZONE day) or an ISO date-time with a zone
 * (an exact instant). A date-time without a zone would be ambiguous, so it is refused.
 */
const timeBound = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(
        // 40 characters hold any ISO date-time with a zone; longer is refused before any pattern.
        (v) => v.length <= 40 && (isCalendarDate(v) || z.iso.datetime({ offset: true }).safeParse(v).success),
        `${name} must be a date (YYYY-MM-DD) or an ISO date-time with a time zone`,
      )
      .optional(),
  );

/** A ZIP+4 searches its 5-digit ZIP (the ZIP table is by 5-digit ZIP); `missing` is the answer to none. */
const zipParam = (missing?: string, malformed = SEARCH_ZIP_MESSAGE) =>
  z
    .string(missing ? { error: missing } : undefined)
    .trim()
    .refine(isZip, malformed)
    .transform((v) => zip5(v) as string);

const radiusParam = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "Radius must be one of 5, 10, 25, 50 or 100 miles" })
    .refine((r) => (RADIUS_OPTIONS as readonly number[]).includes(r), {
      message: "Radius must be one of 5, 10, 25, 50 or 100 miles",
    })
    .default(DEFAULT_RADIUS),
);

/** The search's answer to an unknown category (the page offers only these). */
export const CATEGORY_PARAM_MESSAGE = `category must be one of ${EVENT_CATEGORIES.join(", ")}`;
/** Longest keyword; it is split into words, each of which must appear (decision 162). */
export const KEYWORD_MAX = 100;
/** The keyword is matched within a place: without a ZIP it would scan every upcoming event (decision 162). */
export const KEYWORD_NEEDS_ZIP_MESSAGE = "A keyword search needs a ZIP code";

/** `category` may repeat (`?category=cleanup&category=wildlife`); an event of any of them matches. */
const categoryParam = z
  .preprocess(
    (v) => (v === undefined ? v : (Array.isArray(v) ? v : [v]).filter((c) => !(typeof c === "string" && !c.trim()))),
    z
      .array(z.enum(EVENT_CATEGORIES, { error: CATEGORY_PARAM_MESSAGE }), { error: CATEGORY_PARAM_MESSAGE })
      .optional()
      .meta({ description: "Repeatable; events of any of these categories. Absent: every category." }),
  )
  .transform((list) => [...new Set(list ?? [])]);

const keywordParam = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "q must be one keyword text" })
    .trim()
    .max(KEYWORD_MAX, `q must be ${KEYWORD_MAX} characters or fewer`)
    .refine((v) => isPlainText(v), "q must not contain control characters")
    .optional()
    .meta({
      description:
        "Keyword: every word must appear (any case) in the title, description, venue, address or city. Needs a ZIP.",
    }),
);

const cursorParam = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "Invalid cursor." })
    .max(300, "Invalid cursor.")
    .optional()
    .meta({ description: "The previous answer's next_cursor: the page after it, with the same other parameters." }),
);

const includeOnlineParam = z.preprocess(
  blankToUndefined,
  z
    .enum(["true", "false"], { error: "include_online must be 'true' or 'false'" })
    .optional()
    .transform((v) => v === "true"),
);

/** The search's answers a visitor can meet on the events page, in one language (the rest are for developers). */
export type SearchMessages = { zip: string; keywordNeedsZip: string };

/** The search's check with the visitor-facing messages in one language (English: the spec's). */
export const searchQuerySchemaWith = (m: SearchMessages) =>
  z
    .object({
      zip: z.preprocess(blankToUndefined, zipParam(undefined, m.zip).optional()),
      radius: radiusParam,
      start: timeBound("start"),
      end: timeBound("end"),
      include_online: includeOnlineParam,
      limit: z.preprocess(
        blankToUndefined,
        z.coerce
          .number({ error: `Limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}` })
          .int(`Limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`)
          .min(1, `Limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`)
          .max(MAX_SEARCH_LIMIT, `Limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`)
          .default(PAGE_LIMIT),
      ),
      category: categoryParam,
      q: keywordParam,
      cursor: cursorParam,
    })
    .refine((q) => !q.q || q.zip, m.keywordNeedsZip)
    .transform((q) => ({ ...q, radius: q.radius as Radius }));

export const searchQuerySchema = searchQuerySchemaWith({
  zip: SEARCH_ZIP_MESSAGE,
  keywordNeedsZip: KEYWORD_NEEDS_ZIP_MESSAGE,
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Two-letter codes of the places events are listed in: the 50 states, DC and Puerto Rico. */
export const EVENT_STATE_CODES = (
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND " +
  "OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY"
).split(" ");
export const FEED_STATE_MESSAGE = "state must be a US state's two-letter code, such as OR";
export const FEED_PLACE_MESSAGE = "Give a ZIP code or a state, not both";

/**
 * The feeds' place (GET /api/events/feed.ics, feed.json, feed.rss; decision 261): a ZIP and radius, a state, or
 * neither for the whole country. The ZIP and radius follow the search's rules and messages.
 */
export const feedQuerySchema = z
  .object({
    zip: z.preprocess(blankToUndefined, zipParam().optional()),
    state: z.preprocess(
      blankToUndefined,
      z
        .string({ error: FEED_STATE_MESSAGE })
        .trim()
        .toUpperCase()
        .refine((v) => EVENT_STATE_CODES.includes(v), FEED_STATE_MESSAGE)
        .optional()
        .meta({ description: "A state's events (its two-letter code); without zip and state, the whole country's" }),
    ),
    radius: radiusParam,
    include_online: includeOnlineParam,
  })
  .refine((q) => !(q.zip && q.state), FEED_PLACE_MESSAGE)
  .transform((q) => ({ ...q, radius: q.radius as Radius }));
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** What GET /api/events answers (its schema, with each field's meaning, is in responses.ts). */
export type EventsAnswer = z.output<typeof searchAnswer>;
export type SearchAnswer = EventsAnswer;

/** The search module's page, before each event gets its page's `url` (listing.ts) and listing state (listed.ts). */
export type SearchResponse = Omit<EventsAnswer, "events"> & { events: EventResult[] };

/** The spec's Event (search response) fields. */
export type EventResult = z.output<typeof eventResultSchema>;
/** An event as lists show it: the spec's fields, its page's URL and its listing state. */
export type ListedEvent = z.output<typeof listedEventSchema>;

/** What the event's page shows. */
export type EventPage = z.output<typeof eventPageSchema>;

export const nearestZipQuerySchema = z.object({
  lat: z.coerce
    .number({ error: "lat must be a latitude between -90 and 90" })
    .min(-90, "lat must be a latitude between -90 and 90")
    .max(90, "lat must be a latitude between -90 and 90"),
  lon: z.coerce
    .number({ error: "lon must be a longitude between -180 and 180" })
    .min(-180, "lon must be a longitude between -180 and 180")
    .max(180, "lon must be a longitude between -180 and 180"),
});

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

/** Longest rejection reason. */
export const REJECT_REASON_MAX = 500;

/** Accepts an ISO date-time with a zone or a form's datetime-local value; the web sends the former. */
export const parseSubmissionTime = (value: string): number => new Date(value).getTime();

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

/** The submission's check with its messages in one language: the same rules, in the same order, in any. */
export const submissionSchemaWith = (m: SubmissionMessages) => {
  const text = z
    .string({ error: m.text })
    .nullish()
    .transform((v) => v ?? "");
  return z
    .object(Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f, text])) as Record<SubmissionField, typeof text>)
    .transform((raw) => {
      const v = Object.fromEntries(SUBMISSION_FIELDS.map((f) => [f, raw[f].trim()])) as Record<SubmissionField, string>;
      v.state = v.state.toUpperCase();
      return v;
    })
    .superRefine((v, ctx) => {
      const fail = (path: SubmissionField, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const missing = SUBMISSION_REQUIRED_FIELDS.find((f) => v[f] === "");
      if (missing) return fail(missing, m.missing(missing));
      const tooLong = (Object.entries(MAX_LENGTHS) as [SubmissionField, number][]).find(
        ([f, max]) => v[f].length > max,
      );
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
    })
    .transform((v) => ({
      ...v,
      registration_url: normaliseUrl(v.registration_url),
      postal_code: zip5(v.postal_code) ?? "",
      organizer_url: v.organizer_url && normaliseUrl(v.organizer_url),
      image_url: v.image_url && normaliseUrl(v.image_url),
    }));
};

export const eventSubmissionSchema = submissionSchemaWith(ENGLISH_SUBMISSION_MESSAGES);
export type EventSubmissionInput = z.input<typeof eventSubmissionSchema>;
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
    .refine(isZip, SUBMISSION_MESSAGES.postalCode)
    .transform((v) => zip5(v) as string)
    .optional(),
});

export const rejectSubmissionSchema = z.object({
  reason: z
    .string({ error: "Please give a reason for the rejection" })
    .trim()
    .min(1, "Please give a reason for the rejection")
    .max(REJECT_REASON_MAX, `The reason must be ${REJECT_REASON_MAX} characters or less`),
});

export type SubmissionStatus = z.output<typeof submissionStatusSchema>;

export type AdminSubmission = z.output<typeof adminSubmissionSchema>;
