import { z } from "zod";
import { contentLanguage } from "../i18n/content-language";
import { isSitePath, isWebUrl, normaliseUrl } from "../platform/field-rules";
import { blankOr, blankTextOr, calendarDate, httpsUrlOrSitePath, plainText, webUrl } from "../platform/rule-schemas";
import type {
  actionLinkSchema,
  actionTimingSchema,
  adminActionListItemSchema,
  adminActionSchema,
  publicActionSchema,
  publicActionWithImpactSchema,
} from "./responses";

/**
 * The weekly-action form's rules (product spec §5), shared by the admin form (zodResolver) and the
 * API (validate), so every message is written once. Pure: the web bundle imports this file.
 */

export const SUMMARY_MAX = 220;
export const SUMMARY_GUIDELINE_MIN = 160;
export const DEFAULT_CTA_LABEL = "Do This Week's Action";
export const ACTION_LIST_MAX = 30;

export const MESSAGES = {
  titleRequired: "Title is required",
  summaryTooLong: "Summary must be 220 characters or less",
  startAfterEnd: "Start date must be before end date",
  slugRequired: "Slug is required",
  slugFormat: "Slug can only contain lowercase letters, numbers and hyphens",
  slugReserved: "This slug is reserved. Choose another.",
  datesRequiredToPublish: "Start and end dates are required to publish",
  invalidDate: "Enter a valid date",
  linkIncomplete: "Each link needs both a label and a URL",
  linkUrl: "Link URL must start with http:// or https://",
  imageUrl: "Image URL must start with https:// or be an uploaded image",
  ctaUrl: "Button URL must start with https:// or /",
  controlCharacters: (what: string) => `${what} must not contain control characters`,
  tooLong: (what: string, max: number) => `${what} must be ${max} characters or less`,
} as const;

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Paths under /api/actions and /actions that a slug must not shadow. */
const RESERVED_SLUGS = new Set(["current", "preview"]);

/** The spec's slug rule: lowercased, non-alphanumeric runs become hyphens, edge hyphens trimmed. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const isHttpUrl = (value: string, httpsOnly = false): boolean => isWebUrl(value, { httpsOnly });

const text = (what: string, max: number) => z.string().trim().max(max, MESSAGES.tooLong(what, max));

/** Optional date: "" or null (date inputs give "") means no date. */
const optionalDate = blankOr(z.string().trim().apply(calendarDate(MESSAGES.invalidDate)))
  .optional()
  .transform((v) => v || null);

const optionalUrl = (accept: (v: string) => boolean, message: string) =>
  blankOr(z.string().trim().apply(httpsUrlOrSitePath(message, accept)))
    .optional()
    // Stored as the browser will read it; a site path stays as typed (it has no origin to add).
    .transform((v) => (!v ? null : v.startsWith("/") ? v : normaliseUrl(v)));

/** A list of text rows: blank rows are dropped on save (spec §5). */
const textList = (what: string, maxEach: number) =>
  z
    .array(z.string().trim().max(maxEach, `Each of the ${what} must be ${maxEach} characters or less`))
    .max(ACTION_LIST_MAX, `At most ${ACTION_LIST_MAX} ${what} are allowed`)
    .default([])
    .transform((rows) => rows.filter((r) => r !== ""));

/** A row's fields as the document states them; that a row needs both or neither is the list's rule below. */
const linkRow = z.object({
  label: z.string().trim().max(200, MESSAGES.tooLong("A link label", 200)),
  url: blankTextOr(z.string().trim().apply(webUrl(MESSAGES.linkUrl))),
});

/** Links: blank rows dropped; a row with only one of label/url is an error on that row. */
const linkList = z
  .array(linkRow)
  .max(ACTION_LIST_MAX, `At most ${ACTION_LIST_MAX} links are allowed`)
  .default([])
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      const label = row.label.trim();
      const url = row.url;
      if (label === "" && url === "") return;
      if (label === "") ctx.addIssue({ code: "custom", path: [i, "label"], message: MESSAGES.linkIncomplete });
      else if (url === "") ctx.addIssue({ code: "custom", path: [i, "url"], message: MESSAGES.linkIncomplete });
      else if (!isHttpUrl(url)) ctx.addIssue({ code: "custom", path: [i, "url"], message: MESSAGES.linkUrl });
      else if (label.length > 200)
        ctx.addIssue({ code: "custom", path: [i, "label"], message: MESSAGES.tooLong("A link label", 200) });
    });
  })
  .transform((rows) =>
    rows
      .map((r) => ({ label: r.label.trim(), url: normaliseUrl(r.url) }))
      .filter((r) => r.label !== "" || r.url !== ""),
  );

export const actionStatusSchema = z.enum(["draft", "published"]);

/**
 * The action's Spanish text (decision 272), written beside the English: every field may stay empty (English is then
 * shown), and its button label falls back to the Spanish default.
 */
export const actionSpanishSchema = z.object({
  title: text("Spanish title", 200)
    .apply(plainText(MESSAGES.controlCharacters("Spanish title")))
    .default(""),
  summary: z.string().trim().max(SUMMARY_MAX, `Spanish summary must be ${SUMMARY_MAX} characters or less`).default(""),
  why_it_matters: text("Spanish why it matters", 5000).default(""),
  steps: textList("Spanish steps", 1000),
  time_required: text("Spanish time required", 100).default(""),
  materials: textList("Spanish materials", 300),
  cta_label: text("Spanish button label", 80).default(""),
});

export const EMPTY_SPANISH_ACTION = {
  title: "",
  summary: "",
  why_it_matters: "",
  steps: [],
  time_required: "",
  materials: [],
  cta_label: "",
} satisfies z.output<typeof actionSpanishSchema>;

/** Create/update body. `status` omitted on update keeps the current status ('Save Draft' only saves). */
export const actionInputSchema = z
  .object({
    title: z
      .string({ error: MESSAGES.titleRequired })
      .trim()
      .min(1, MESSAGES.titleRequired)
      .max(200, MESSAGES.tooLong("Title", 200))
      .apply(plainText(MESSAGES.controlCharacters("Title"))),
    slug: z
      .string({ error: MESSAGES.slugRequired })
      .trim()
      .min(1, MESSAGES.slugRequired)
      .max(120, MESSAGES.tooLong("Slug", 120))
      .regex(SLUG_RE, MESSAGES.slugFormat)
      .refine((s) => !RESERVED_SLUGS.has(s), MESSAGES.slugReserved),
    start_date: optionalDate,
    end_date: optionalDate,
    summary: z.string().trim().max(SUMMARY_MAX, MESSAGES.summaryTooLong).default(""),
    why_it_matters: text("Why it matters", 5000).default(""),
    steps: textList("steps", 1000),
    time_required: text("Time required", 100).default(""),
    materials: textList("materials", 300),
    links: linkList,
    image_url: optionalUrl((v) => isHttpUrl(v, true) || isSitePath(v), MESSAGES.imageUrl),
    cta_label: text("Button label", 80)
      .default(DEFAULT_CTA_LABEL)
      .transform((v) => v || DEFAULT_CTA_LABEL),
    cta_url: optionalUrl((v) => isHttpUrl(v, true) || isSitePath(v), MESSAGES.ctaUrl),
    send_on_publish: z.boolean().default(false),
    schedule_send: z.boolean().default(true),
    status: actionStatusSchema.optional(),
    /** Omitted by older clients: the Spanish text is then emptied, as every field is replaced on save. */
    es: actionSpanishSchema.prefault({}),
  })
  .superRefine((a, ctx) => {
    if (a.start_date && a.end_date && a.start_date > a.end_date) {
      ctx.addIssue({ code: "custom", path: ["start_date"], message: MESSAGES.startAfterEnd });
    }
    if (a.status === "published" && (!a.start_date || !a.end_date)) {
      ctx.addIssue({ code: "custom", path: ["start_date"], message: MESSAGES.datesRequiredToPublish });
    }
  });

/** The action's rules across fields, which JSON Schema cannot state: the document lists them (x-rules). */
export const ACTION_CROSS_FIELD_RULES = [
  MESSAGES.linkIncomplete,
  MESSAGES.startAfterEnd,
  MESSAGES.datesRequiredToPublish,
] as const;

export type ActionInput = z.input<typeof actionInputSchema>;
export type ActionValues = z.output<typeof actionInputSchema>;
export type ActionSpanishValues = z.output<typeof actionSpanishSchema>;

/** Archive `limit`: default 10, never more (spec §9: archive limit 10). */
export const ARCHIVE_LIMIT = 10;
export const archiveQuerySchema = z.object({
  limit: z
    .string()
    // Any text is read leniently (a bad value or one past the most is the most), but it is a whole number.
    .meta({ type: "integer", minimum: 1, description: `At most ${ARCHIVE_LIMIT}; larger asks for that many.` })
    .optional()
    .transform((v) => {
      const n = Number.parseInt(v ?? "", 10);
      return Number.isFinite(n) && n >= 1 ? Math.min(n, ARCHIVE_LIMIT) : ARCHIVE_LIMIT;
    }),
  cursor: z
    .string({ error: "Invalid cursor." })
    .max(300, "Invalid cursor.")
    .optional()
    .meta({ description: "The previous answer's next_cursor: the older actions after it." }),
  lang: contentLanguage,
});

export const adminListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  /** `start` (the list: start_date newest first) or `created` (the test-send dialog: 20 most recent). */
  sort: z.enum(["start", "created"]).default("start"),
  limit: z.coerce.number().int().min(1).max(200).default(200),
});

// Response shapes (types only), shared with the web client: inferred from the answers' schemas (responses.ts).

export type ActionLink = z.output<typeof actionLinkSchema>;

/** Where an action sits relative to today in SITE_TIMEZONE (spec §4 "Weekly action timing"). */
export type ActionTiming = z.output<typeof actionTimingSchema>;

/** What the public API answers (snake_case, the spec's weekly_action fields). */
export type PublicAction = z.output<typeof publicActionSchema>;

// Zod-free (the home card and action page import them): see ./impact-words.ts.
export { type ActionImpact, impactWords, membersDidThis } from "./impact-words";

/** GET /api/actions/current and /api/actions/:slug carry the action's collective impact. */
export type PublicActionWithImpact = z.output<typeof publicActionWithImpactSchema>;

/** The admin view adds the publishing and email fields. */
export type AdminAction = z.output<typeof adminActionSchema>;

export type AdminActionListItem = z.output<typeof adminActionListItemSchema>;
