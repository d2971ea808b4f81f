import { z } from "zod";

/**
 * The answers of the events routes (decision 179): the document's schemas and the handlers' types.
 * Server-only: the web reads these shapes through schemas.ts's type-only aliases.
 */

/** The spec's Event (search response) fields. */
export const eventResultSchema = z.object({
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
    .describe("IANA zone of an in-person event's place, its times' own clock; null for online events or when unknown"),
  registration_url: z.string().nullable(),
  image_url: z.string().nullable(),
  is_virtual: z.boolean(),
  distance_miles: z
    .number()
    .nullable()
    .describe("From the ZIP's centre, to a tenth of a mile; null without a ZIP, online, or where the place is unknown"),
  is_fallback: z
    .boolean()
    .describe("A statewide result: nothing was within the radius, so events elsewhere in the ZIP's state"),
});

/**
 * An event as the API lists it (decision 200). The two fields are read after the search (listed.ts), so the
 * server-rendered teaser's events, which come straight from the search, do not carry them yet: optional until
 * the search selects them itself.
 */
export const listedEventSchema = eventResultSchema.extend({
  cancelled: z
    .boolean()
    .optional()
    .describe("Its source cancelled it or no longer lists it: shown with a Cancelled badge, not removed"),
  last_confirmed_at: z
    .string()
    .nullable()
    .optional()
    .describe("When its source last listed it (a submission: when it was approved); null if never recorded"),
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

export const nearestZipAnswer = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  distance_miles: z.number(),
});

export const submissionReceivedAnswer = z.object({ message: z.string() });

export const submissionStatusSchema = z.enum(["pending", "approved", "rejected"]);

/** An event submission as moderators see it (organiser's details included). */
export const adminSubmissionSchema = z.object({
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
});

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
