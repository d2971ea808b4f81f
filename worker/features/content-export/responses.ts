import { z } from "zod";

/** The answer of the weekly content export (decision 179): the document's schema and the handler's type. */
export const contentExportAnswer = z.object({
  content: z.string().describe("The current weekly action as plain text for social posts, with a UTM-tagged link"),
});
