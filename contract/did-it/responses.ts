import { z } from "zod";
import { LOCALES } from "../i18n/locales";

/** GET /api/did-it: what the "I did it" page shows (decision 196). */
export const didItViewSchema = z.object({
  action: z.object({
    title: z.string(),
    slug: z.string(),
    /** The title's language: the reader's when the action's text is whole in it, else English (decision 272). */
    language: z.enum(LOCALES),
  }),
  recorded: z.boolean(),
});

export const didItAnswer = z.object({ did_it: didItViewSchema });

export type DidItView = z.output<typeof didItViewSchema>;

/** Any string is a question the page can answer ("not valid"); only its length is bounded. */
export const didItQuerySchema = z.object({
  token: z
    .string()
    .max(1000, "This link is not valid.")
    .optional()
    .transform((v) => v ?? "")
    .meta({ description: 'The signed token of the weekly email\'s "I did it" link' }),
});
