import { z } from "zod";
import { parseWebUrl, WEB_URL_START } from "../platform/field-rules";
import { httpsUrl } from "../platform/rule-schemas";
import type { publicPetitionSchema, storedPetitionSchema } from "./responses";

/**
 * The petition list's shapes and the spec's validation messages (§5 "Petition form"), shared by
 * the admin form (zodResolver) and the admin API. Pure: the web bundle imports this file.
 */

export const PETITION_TOPICS = [
  "wildlife",
  "forests",
  "oceans",
  "climate",
  "pollution",
  "lands",
  "water",
  "other",
] as const;
export type PetitionTopic = (typeof PETITION_TOPICS)[number];

export const LOCATION_SCOPES = ["national", "state", "local"] as const;
export type LocationScope = (typeof LOCATION_SCOPES)[number];

/** The 50 US states' two-letter codes (the spec names 50; DC and territories are not states). */
export const US_STATES = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
} as const;
export type UsState = keyof typeof US_STATES;
export const US_STATE_CODES = Object.keys(US_STATES) as UsState[];

/** The most petitions one list may hold: the whole list is one settings value, read on every home page view. */
export const MAX_PETITIONS = 100;
/** At most this many are shown publicly (§9: 3 by default). */
export const DEFAULT_PUBLIC_LIMIT = 3;
export const MAX_PUBLIC_LIMIT = 20;

export const PETITION_MESSAGES = {
  titleRequired: "Title is required",
  urlInvalid: "Must be a valid HTTPS URL",
  urlNotHttps: "URL must use HTTPS",
  orgRequired: "Organization name is required",
  imageInvalid: "Must be a valid URL",
  topicInvalid: "Choose a topic from the list",
  scopeInvalid: "Choose a scope from the list",
  stateInvalid: "State must be one of the 50 US state codes",
  stateWithNational: "A national petition has no state",
  verifiedInvalid: "Verified must be true or false",
  tooMany: `A list holds at most ${MAX_PETITIONS} petitions`,
} as const;

export const isHttpsUrl = (value: string) => parseWebUrl(value)?.protocol === "https:";

const petitionUrl = z
  .string({ error: PETITION_MESSAGES.urlInvalid })
  .trim()
  // The spec checks "a valid URL" first and "starts with https://" second, each with its own message.
  .apply(httpsUrl(PETITION_MESSAGES.urlInvalid, PETITION_MESSAGES.urlNotHttps));

const imageUrl = z
  .string({ error: PETITION_MESSAGES.imageInvalid })
  .trim()
  .max(2048, { error: PETITION_MESSAGES.imageInvalid })
  .refine((value) => value === "" || parseWebUrl(value) !== null, { error: PETITION_MESSAGES.imageInvalid })
  // What the check accepts, as the document says it: nothing, or a web URL.
  .meta({ anyOf: [{ const: "" }, { format: "uri", pattern: WEB_URL_START.source }] });

/** One petition as the admin form edits it (and as each item of the saved list is checked). */
export const petitionSchema = z
  .object({
    /** Stable identity for editing and drag-and-drop; the server assigns one when missing. */
    id: z.string().trim().min(1).max(64).optional(),
    title: z
      .string({ error: PETITION_MESSAGES.titleRequired })
      .trim()
      .min(1, { error: PETITION_MESSAGES.titleRequired })
      .max(200, { error: "Title must be 200 characters or less" }),
    url: petitionUrl,
    image_url: imageUrl.optional(),
    org_name: z
      .string({ error: PETITION_MESSAGES.orgRequired })
      .trim()
      .min(1, { error: PETITION_MESSAGES.orgRequired })
      .max(120, { error: "Organization name must be 120 characters or less" }),
    topic: z.enum(PETITION_TOPICS, { error: PETITION_MESSAGES.topicInvalid }),
    location_scope: z.enum(LOCATION_SCOPES, { error: PETITION_MESSAGES.scopeInvalid }),
    state: z
      .union([z.enum(US_STATE_CODES as [UsState, ...UsState[]]), z.literal("")], {
        error: PETITION_MESSAGES.stateInvalid,
      })
      .optional(),
    verified: z.boolean({ error: PETITION_MESSAGES.verifiedInvalid }),
  })
  .superRefine((p, ctx) => {
    if (p.location_scope === "national" && p.state) {
      ctx.addIssue({ code: "custom", path: ["state"], message: PETITION_MESSAGES.stateWithNational });
    }
  });

/** What the admin form holds (its field values before parsing). */
export type PetitionFormValues = z.input<typeof petitionSchema>;
export type PetitionInput = z.output<typeof petitionSchema>;

/** A stored petition: every field normalised, `id` always present, empty optionals omitted (responses.ts). */
export type Petition = z.output<typeof storedPetitionSchema>;

/**
 * The spec's entity allows `organization` for `org_name`; accept either on the way in so a list
 * exported from the old data saves without edits.
 */
const withOrgAlias = (item: unknown) => {
  if (item && typeof item === "object" && !("org_name" in item) && "organization" in item) {
    const { organization, ...rest } = item as Record<string, unknown>;
    return { ...rest, org_name: organization };
  }
  return item;
};

/** PUT /api/admin/petitions body: the whole ordered list. */
export const petitionListSchema = z.object({
  petitions: z
    .array(z.preprocess(withOrgAlias, petitionSchema), { error: "petitions must be a list" })
    .max(MAX_PETITIONS, { error: PETITION_MESSAGES.tooMany }),
});
export type PetitionListInput = z.output<typeof petitionListSchema>;

/** GET /api/petitions query. */
export const publicPetitionsQuerySchema = z.object({
  campaign: z
    .string()
    .trim()
    .max(64, { error: "campaign must be 64 characters or less" })
    .regex(/^[\w.-]*$/, { error: "campaign may hold only letters, digits, '_', '-' and '.'" })
    .optional(),
  topic: z.enum(PETITION_TOPICS, { error: PETITION_MESSAGES.topicInvalid }).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PUBLIC_LIMIT}` })
    .int({ error: `limit must be a whole number from 1 to ${MAX_PUBLIC_LIMIT}` })
    .min(1, { error: `limit must be a whole number from 1 to ${MAX_PUBLIC_LIMIT}` })
    .max(MAX_PUBLIC_LIMIT, { error: `limit must be a whole number from 1 to ${MAX_PUBLIC_LIMIT}` })
    .default(DEFAULT_PUBLIC_LIMIT),
});

/** A petition as the public block shows it. `link` is the url with the caller's UTM parameters. */
export type PublicPetition = z.output<typeof publicPetitionSchema>;
