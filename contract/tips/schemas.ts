import { z } from "zod";
import { normaliseUrl, PLAIN_TEXT_MESSAGE } from "../platform/field-rules";
import { blankOr, plainText, webUrl } from "../platform/rule-schemas";
import type { publicTipSchema, tipSchema } from "./responses";

/**
 * Sustainable-living tips: the admin form's rules, shared by the form (zodResolver) and the admin
 * API. Pure: the web bundle imports this file.
 */

export const TIP_TOPICS = ["energy", "water", "waste", "food", "transport", "garden", "wildlife", "shopping"] as const;
export type TipTopic = (typeof TIP_TOPICS)[number];

export const TIP_TITLE_MAX = 120;
export const TIP_BODY_MAX = 400;
export const TIP_URL_MAX = 500;

export const TIP_MESSAGES = {
  titleRequired: "Title is required",
  titleTooLong: `Title must be ${TIP_TITLE_MAX} characters or less`,
  bodyRequired: "Tip text is required",
  bodyTooLong: `Tip text must be ${TIP_BODY_MAX} characters or less`,
  url: "Link must start with http:// or https://",
  urlTooLong: `Link must be ${TIP_URL_MAX} characters or less`,
  topic: "Choose a topic",
  order: "The new order must list every tip exactly once",
  duplicateTitle: "A tip with this title already exists",
  spanishBoth: "Write both the Spanish title and the Spanish text, or neither",
  spanishTitleTooLong: `Spanish title must be ${TIP_TITLE_MAX} characters or less`,
  spanishBodyTooLong: `Spanish text must be ${TIP_BODY_MAX} characters or less`,
} as const;

/**
 * The tip's Spanish (decision 272): both parts or neither, so a Spanish reader never gets half a tip in each
 * language; without them the English tip is shown, marked as English.
 */
export const tipSpanishSchema = z
  .object({
    title: z
      .string()
      .trim()
      .max(TIP_TITLE_MAX, TIP_MESSAGES.spanishTitleTooLong)
      .apply(plainText(PLAIN_TEXT_MESSAGE))
      .default(""),
    body: z
      .string()
      .trim()
      .max(TIP_BODY_MAX, TIP_MESSAGES.spanishBodyTooLong)
      .apply(plainText(PLAIN_TEXT_MESSAGE, { multiline: true }))
      .default(""),
  })
  .superRefine((es, ctx) => {
    if (es.title === "" && es.body !== "")
      ctx.addIssue({ code: "custom", path: ["title"], message: TIP_MESSAGES.spanishBoth });
    if (es.body === "" && es.title !== "")
      ctx.addIssue({ code: "custom", path: ["body"], message: TIP_MESSAGES.spanishBoth });
  });

export const tipInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, TIP_MESSAGES.titleRequired)
    .max(TIP_TITLE_MAX, TIP_MESSAGES.titleTooLong)
    .apply(plainText(PLAIN_TEXT_MESSAGE)),
  body: z
    .string()
    .trim()
    .min(1, TIP_MESSAGES.bodyRequired)
    .max(TIP_BODY_MAX, TIP_MESSAGES.bodyTooLong)
    .apply(plainText(PLAIN_TEXT_MESSAGE, { multiline: true })),
  url: blankOr(z.string().trim().max(TIP_URL_MAX, TIP_MESSAGES.urlTooLong).apply(webUrl(TIP_MESSAGES.url)))
    .optional()
    .transform((v) => (!v ? null : normaliseUrl(v))),
  topic: z.enum(TIP_TOPICS, { message: TIP_MESSAGES.topic }),
  active: z.boolean().optional().default(true),
  /** Omitted by older clients: the Spanish is then emptied, as every field is replaced on save. */
  es: tipSpanishSchema.prefault({}),
});
export type TipInput = z.input<typeof tipInputSchema>;

export const tipOrderSchema = z.object({
  ids: z
    .array(z.string().max(64))
    .max(1000, TIP_MESSAGES.order)
    .refine((ids) => new Set(ids).size === ids.length, TIP_MESSAGES.order)
    .meta({ uniqueItems: true }),
});

// Response shapes (types only), shared with the web client: inferred from the answers' schemas (responses.ts).

export type Tip = z.output<typeof tipSchema>;

/** What the public sees of a tip (the /actions page, the weekly email). */
export type PublicTip = z.output<typeof publicTipSchema>;
