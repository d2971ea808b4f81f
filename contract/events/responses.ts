import { z } from "zod";

/**
 * The answers of the events routes (decision 179): the document's schemas and the handlers' types.
 * Server-only: the web reads these shapes through schemas.ts's type-only aliases.
 */

/** One event as the examples of the document show it (issue 47); the openapi test checks it against the schemas. */
const EXAMPLE_EVENT = {
  id: "evt_8f2c1a",
  title: "Willamette riverbank clean-up",
  description: "Bring gloves and water; bags and grabbers are provided.",
  venue_name: "Cathedral Park",
  category: "cleanup",
  city: "Portland",
  state: "OR",
  start_time: "2027-01-09T17:00:00.000Z",
  end_time: "2027-01-09T20:00:00.000Z",
  all_day: false,
  end_time_unknown: false,
  time_zone: "America/Los_Angeles",
  registration_url: "https://example.org/events/riverbank-clean-up",
  image_url: null,
  is_virtual: false,
  distance_miles: 3.2,
  is_fallback: false,
};

/** The spec's Event (search response) fields. */
export const eventResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    venue_name: z.string().nullable(),
    category: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    start_time: z.string(),
    end_time: z.string().nullable(),
    all_day: z.boolean(),
    end_time_unknown: z.boolean(),
    time_zone: z
      .string()
      .nullable()
      .describe(
        "IANA zone of an in-person event's place, its times' own clock; null for online events or when unknown",
      ),
    registration_url: z.string().nullable(),
    image_url: z.string().nullable(),
    is_virtual: z.boolean(),
    distance_miles: z
      .number()
      .nullable()
      .describe(
        "From the ZIP's centre, to a tenth of a mile; null without a ZIP, online, or where the place is unknown",
      ),
    is_fallback: z
      .boolean()
      .describe("A statewide result: nothing was within the radius, so events elsewhere in the ZIP's state"),
  })
  .meta({ id: "EventResult", examples: [EXAMPLE_EVENT] });

/**
 * A listed event: the search's fields, the address of its own page (decision 202) and its listing state
 * (decision 200). The state is read after the search (listed.ts); the server-rendered teaser's events come
 * straight from the search and do not carry it yet: optional until the search selects it itself.
 */
export const listedEventSchema = eventResultSchema
  .extend({
    url: z.string().describe("The event's own page on this site, absolute: /events/{id}-{slug}"),
    cancelled: z
      .boolean()
      .optional()
      .describe("Its source cancelled it or no longer lists it: shown with a Cancelled badge, not removed"),
    last_confirmed_at: z
      .string()
      .nullable()
      .optional()
      .describe("When its source last listed it (a submission: when it was approved); null if never recorded"),
  })
  .meta({
    id: "Event",
    examples: [
      {
        ...EXAMPLE_EVENT,
        url: "https://earthkind.example/events/evt_8f2c1a-willamette-riverbank-clean-up",
        cancelled: false,
        last_confirmed_at: "2027-01-05T06:00:00.000Z",
      },
    ],
  });

/** What the events search answers: a page of events, where the next one starts, and how many there are. */
export const searchAnswer = z.object({
  events: z.array(listedEventSchema),
  next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page"),
  total: z
    .number()
    .int()
    .describe("Every event matching the search, counted exactly up to 1,000 (then 1,000 and `total_capped`)"),
  total_capped: z.boolean().describe("More than `total` events match"),
});

/** Who runs an event, and where the listing came from (a feed, an organizer's submission, the seed). */
const namedLinkSchema = z.object({ name: z.string(), url: z.string().nullable() });

/** Everything the event's page shows (decision 202). */
export const eventPageSchema = listedEventSchema
  .extend({
    address: z.string().nullable(),
    postal_code: z.string().nullable(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    cancelled: z.boolean().describe("The event is listed as cancelled"),
    organizer: namedLinkSchema
      .nullable()
      .describe(
        "Who runs it: the submission's organizer, the feed's, the source organisation, or the Register link's site",
      ),
    source: namedLinkSchema,
    last_confirmed: z.string().describe("When the listing was last written from its source (ISO 8601, UTC)"),
    listed_at: z.string().describe("When it was first listed here (ISO 8601, UTC)"),
    price_usd: z
      .number()
      .nullable()
      .describe("What it costs to attend in US dollars when its source says (0: free); null when unknown"),
    calendar: z
      .object({ google: z.string(), outlook: z.string() })
      .describe("Links that open Google Calendar's and Outlook's new-event form filled in with this event"),
    nearby: z
      .array(listedEventSchema)
      .describe("Other upcoming in-person events within 25 miles, soonest first (at most four)"),
  })
  .meta({ id: "EventPage" });

export const eventPageAnswer = z.object({ event: eventPageSchema });

export const nearestZipAnswer = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  distance_miles: z.number(),
});

export const submissionReceivedAnswer = z.object({ message: z.string() });

export const submissionStatusSchema = z.enum(["pending", "approved", "rejected"]);

/** An event submission as moderators see it (organiser's details included). */
export const adminSubmissionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    start_time: z.string(),
    end_time: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string().nullable(),
    organizer_name: z.string(),
    organizer_email: z.string(),
    organizer_url: z.string().nullable(),
    registration_url: z.string(),
    image_url: z.string().nullable(),
    notes_for_moderator: z.string().nullable(),
    status: submissionStatusSchema,
    reject_reason: z.string().nullable(),
    event_id: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "EventSubmission" });

export const submissionsAnswer = z.object({ submissions: z.array(adminSubmissionSchema) });

export const approvedSubmissionAnswer = z.object({
  submission: adminSubmissionSchema,
  event_id: z.string(),
  merged_into: z
    .string()
    .nullable()
    .describe("The listing this event duplicated, which now shows it as one of its sources (decision 199); else null"),
});

export const rejectedSubmissionAnswer = z.object({ submission: adminSubmissionSchema });
