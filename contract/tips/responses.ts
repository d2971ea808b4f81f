import { z } from "zod";
import { LOCALES } from "../i18n/locales";

/** The answers of the tip routes (decision 179): the document's schemas and the handlers' types. */

/** A tip as the admin manages it (`topic` is one of TIP_TOPICS when saved through the form). */
export const tipSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    url: z.string().nullable(),
    topic: z.string(),
    active: z.boolean(),
    position: z.number().int(),
    /** The Spanish text beside the English ("" until written, decision 272). */
    es: z.object({ title: z.string(), body: z.string() }),
  })
  .meta({ id: "AdminTip" });

/** What the public sees of a tip (the /actions page, the weekly email), in the language asked for when written. */
export const publicTipSchema = tipSchema
  .pick({ id: true, title: true, body: true, url: true, topic: true })
  .extend({ language: z.enum(LOCALES) })
  .meta({
    id: "Tip",
    examples: [
      {
        id: "tip_07e4",
        title: "Wash clothes in cold water",
        body: "Most of a washing machine's energy goes into heating water; cold cycles clean everyday loads well.",
        url: null,
        topic: "energy",
        language: "en",
      },
    ],
  });

/** null when no tip is active. */
export const currentTipAnswer = z.object({ tip: publicTipSchema.nullable() });

export const tipListAnswer = z.object({ tips: z.array(tipSchema) });

export const tipAnswer = z.object({ tip: tipSchema });

export const tipDeletedAnswer = z.object({ success: z.literal(true) });
