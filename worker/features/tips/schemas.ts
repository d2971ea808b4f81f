import { z } from "zod";

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
} as const;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

export const tipInputSchema = z.object({
  title: z.string().trim().min(1, TIP_MESSAGES.titleRequired).max(TIP_TITLE_MAX, TIP_MESSAGES.titleTooLong),
  body: z.string().trim().min(1, TIP_MESSAGES.bodyRequired).max(TIP_BODY_MAX, TIP_MESSAGES.bodyTooLong),
  url: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= TIP_URL_MAX, TIP_MESSAGES.urlTooLong)
    .refine((v) => v === "" || isHttpUrl(v), TIP_MESSAGES.url)
    .transform((v) => (v === "" ? null : v)),
  topic: z.enum(TIP_TOPICS, { message: TIP_MESSAGES.topic }),
  active: z.boolean().optional().default(true),
});
export type TipInput = z.input<typeof tipInputSchema>;

export const tipOrderSchema = z.object({
  ids: z.array(z.string().max(64)).max(1000, TIP_MESSAGES.order),
});

export type Tip = {
  id: string;
  title: string;
  body: string;
  url: string | null;
  topic: string;
  active: boolean;
  position: number;
};

/** What the public sees of a tip (the /actions page, the weekly email). */
export type PublicTip = Pick<Tip, "id" | "title" | "body" | "url" | "topic">;
