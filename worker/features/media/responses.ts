import { z } from "zod";

/** The answer of the image upload (decision 179): the document's schema and the handler's type. */
export const uploadAnswer = z.object({
  url: z.string().describe("Where this site serves the image (/media/…)"),
  key: z.string().describe("The image's key in the media bucket"),
  content_type: z
    .string()
    .describe("Read from the file's bytes: image/png, image/jpeg, image/webp, image/gif or image/avif"),
  size: z.number().int().describe("Bytes"),
});
