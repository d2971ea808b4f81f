import { z } from "zod";

/**
 * The answers of the open event data (decision 261): the JSON Feed and the OSDI events collection, as named
 * component schemas of the API document. Server-only, as responses.ts.
 */

/** Our extension of a JSON Feed item (JSON Feed 1.1 allows keys that start with "_"): the event's facts. */
const jsonFeedEventSchema = z
  .object({
    start_time: z.string().describe("ISO 8601, UTC"),
    end_time: z.string().nullable(),
    all_day: z.boolean(),
    time_zone: z.string().nullable(),
    venue_name: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    is_virtual: z.boolean(),
    cancelled: z.boolean(),
    registration_url: z.string().nullable(),
  })
  .meta({ id: "JsonFeedEvent" });

const jsonFeedItemSchema = z
  .object({
    id: z.string().describe("The event's page: stable from fetch to fetch"),
    url: z.string(),
    external_url: z.string().optional().describe("Where to register, on the organiser's site"),
    title: z.string(),
    content_text: z.string(),
    summary: z.string(),
    image: z.string().optional(),
    tags: z.array(z.string()),
    _event: jsonFeedEventSchema,
  })
  .meta({ id: "JsonFeedItem" });

/** A JSON Feed 1.1 document (jsonfeed.org/version/1.1). */
export const jsonFeedSchema = z
  .object({
    version: z.literal("https://jsonfeed.org/version/1.1"),
    title: z.string(),
    home_page_url: z.string(),
    feed_url: z.string(),
    description: z.string(),
    language: z.string(),
    items: z.array(jsonFeedItemSchema),
  })
  .meta({ id: "JsonFeed" });
export type JsonFeed = z.output<typeof jsonFeedSchema>;

const halLink = z.object({ href: z.string() }).meta({ id: "HalLink" });

const osdiLocationSchema = z
  .object({
    venue: z.string().optional(),
    address_lines: z.array(z.string()).optional(),
    locality: z.string().optional(),
    region: z.string().optional(),
    postal_code: z.string().optional(),
    country: z.literal("US"),
    location: z
      .object({ latitude: z.number(), longitude: z.number(), accuracy: z.enum(["Rooftop", "Approximate"]) })
      .optional(),
  })
  .meta({ id: "OsdiLocation" });

/** An OSDI Event (opensupporter.github.io/osdi-docs/events.html), the fields we know. */
export const osdiEventSchema = z
  .object({
    identifiers: z.array(z.string()).describe('"earthkind:{id}"'),
    origin_system: z.string(),
    created_date: z.string(),
    modified_date: z.string(),
    name: z.string(),
    title: z.string(),
    description: z.string().optional(),
    summary: z.string().optional(),
    browser_url: z.string(),
    type: z.enum(["open", "ticketed"]).describe("ticketed when the source gives a price above zero"),
    ticket_options: z.array(z.object({ title: z.string(), amount: z.number(), currency: z.literal("USD") })).optional(),
    status: z.enum(["confirmed", "tentative", "cancelled"]),
    start_date: z.string(),
    end_date: z.string().optional(),
    all_day: z.boolean(),
    all_day_date: z.string().optional(),
    visibility: z.literal("public"),
    transparence: z.literal("opaque"),
    location: osdiLocationSchema.optional().describe("Absent for online events"),
    _links: z.object({ self: halLink }),
  })
  .meta({ id: "OsdiEvent" });
export type OsdiEvent = z.output<typeof osdiEventSchema>;

export const osdiEventsPageSchema = z
  .object({
    total_pages: z.number().int(),
    per_page: z.number().int(),
    page: z.number().int(),
    total_records: z.number().int(),
    _links: z.object({
      self: halLink,
      next: halLink.optional(),
      prev: halLink.optional(),
      "osdi:events": z.array(halLink),
      curies: z.array(z.object({ name: z.literal("osdi"), href: z.string(), templated: z.literal(true) })),
    }),
    _embedded: z.object({ "osdi:events": z.array(osdiEventSchema) }),
  })
  .meta({ id: "OsdiEventsPage" });
export type OsdiEventsPage = z.output<typeof osdiEventsPageSchema>;

export const OSDI_PER_PAGE_MAX = 100;
/** Pages are read by offset; deeper than this many events a reader should narrow the query instead. */
export const OSDI_OFFSET_MAX = 10_000;
const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

export const OSDI_DEPTH_MESSAGE = `page × per_page must stay within the first ${OSDI_OFFSET_MAX} events`;

/** GET /api/osdi/v1/events: OSDI's paging parameters. */
export const osdiQuerySchema = z
  .object({
    page: wholeNumber("page", 1, OSDI_OFFSET_MAX).default(1),
    per_page: wholeNumber("per_page", 1, OSDI_PER_PAGE_MAX).default(25),
  })
  .refine((q) => (q.page - 1) * q.per_page < OSDI_OFFSET_MAX, { message: OSDI_DEPTH_MESSAGE });
