import { z } from "zod";

/** The answers of GET /api/health (decision 179): the document's schemas and the handler's types. */

export const healthyAnswer = z.object({
  status: z.literal("ok"),
  database: z.literal("ok"),
  /** The running build's version ("dev" when bundled without the build info). */
  version: z.string(),
});

/**
 * The database did not answer, or a setting keeps everyone from signing in (`settings` names it, never its
 * value): the same shape, so a monitor reads one body whatever the status.
 */
export const unhealthyAnswer = z.object({
  status: z.literal("error"),
  database: z.enum(["ok", "unavailable"]),
  settings: z.array(z.string()).optional(),
  version: z.string(),
});
