// Shared by the Worker and the web forms: only zod and pure code here (the web bundle imports it).
import { z } from "zod";
import { isCalendarDate, isWebUrl, zip5 } from "../platform/field-rules";
import { calendarDate, plainText, zip } from "../platform/rule-schemas";
// Types only: responses.ts is server-only, and these aliases are erased from the web bundle.
import type {
  adminSubmissionSchema,
  eventPageSchema,
  eventResultSchema,
  listedEventSchema,
  searchAnswer,
  submissionStatusSchema,
} from "./responses";
import { REJECT_REASON_MAX } from "./submission-schemas";

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
const timeBound = (name: string) => {
  const message = `${name} must be a date (YYYY-MM-DD) or an ISO date-time with a time zone`;
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z
      .union(
        // 40 characters hold any ISO date-time with a zone; longer is refused before any pattern.
        [z.string().apply(calendarDate(message)), z.iso.datetime({ offset: true, error: message }).max(40, message)],
        { error: message },
      )
      .optional(),
  );
};

/** A ZIP+4 searches its 5-digit ZIP (the ZIP table is by 5-digit ZIP); `missing` is the answer to none. */
const zipParam = (missing?: string, malformed = SEARCH_ZIP_MESSAGE) =>
  z
    .string(missing ? { error: missing } : undefined)
    .trim()
    .apply(zip(malformed))
    .transform((v) => zip5(v) as string);

/** A query value is text: a number's text is read as the number, so the document can list the options (enum). */
const radiusParam = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v),
  z
    .literal(RADIUS_OPTIONS, { error: "Radius must be one of 5, 10, 25, 50 or 100 miles" })
    .default(DEFAULT_RADIUS)
    // Whole miles: zod calls a list of number literals `number`.
    .meta({ type: "integer", description: "Miles around the ZIP's centre" }),
);

/** The search's answer to an unknown category (the page offers only these). */
export const CATEGORY_PARAM_MESSAGE = `category must be one of ${EVENT_CATEGORIES.join(", ")}`;
/** Longest keyword; it is split into words, each of which must appear (decision 162). */
export const KEYWORD_MAX = 100;
/** A time frame's end must come after its start (checked once both are read as instants). */
export const END_AFTER_START_MESSAGE = "end must be after start";
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
    .apply(plainText("q must not contain control characters"))
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
    // Read in any case (or), the document lists the codes (enum).
    state: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
      z
        .enum(EVENT_STATE_CODES, { error: FEED_STATE_MESSAGE })
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

// The submission form and its moderation live in submission-schemas.ts (the same rules, one module each).
export * from "./submission-schemas";

export const rejectSubmissionSchema = z.object({
  reason: z
    .string({ error: "Please give a reason for the rejection" })
    .trim()
    .min(1, "Please give a reason for the rejection")
    .max(REJECT_REASON_MAX, `The reason must be ${REJECT_REASON_MAX} characters or less`),
});

export type SubmissionStatus = z.output<typeof submissionStatusSchema>;

export type AdminSubmission = z.output<typeof adminSubmissionSchema>;
