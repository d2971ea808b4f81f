import { z } from "zod";
import { LOCALES } from "#contract/i18n/locales";

/** The answer of the weekly content export (decision 179): the document's schema and the handler's type. */
export const contentExportAnswer = z.object({
  content: z.string().describe("The current weekly action as plain text for social posts, with a UTM-tagged link"),
  language: z
    .enum(LOCALES)
    .describe("The post's language: en when Spanish was asked for but the action's Spanish is not written yet"),
});
