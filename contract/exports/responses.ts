import { z } from "zod";

/**
 * A background export (decision 250): the admin's subscriber CSV or a member's own data. While it is
 * `pending` the screen says "Preparing…"; once `ready`, `download` is a short-lived link that only the
 * person who asked can use (their session and this signed token together).
 */
export const exportJobSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(["pending", "ready", "failed"]),
    rows: z.number().int().describe("Rows written so far (subscribers), or 1 for a member's data"),
    filename: z.string(),
    created_at: z.string(),
    expires_at: z.string().describe("When the file is deleted"),
    download: z
      .object({
        url: z.string().describe("The file's path, with its signed token"),
        token: z.string(),
        expires_at: z.string().describe("When this link stops working (ask the status again for a new one)"),
      })
      .nullable(),
  })
  .meta({ id: "ExportJob" });

export const exportJobAnswer = z.object({ export: exportJobSchema });
export type ExportJobView = z.output<typeof exportJobSchema>;

/** The file route's query: the signed token the status answer gave. */
export const exportFileQuerySchema = z.object({ token: z.string().max(1000, "Invalid download link.") });
