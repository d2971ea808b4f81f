import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { badRequest } from "./errors";

/**
 * zod validation for a request part. The first issue's message is the answer, so the API returns
 * exactly the text the shared schema (and so the web form) shows.
 */
export const validate = <T extends ZodType, K extends keyof ValidationTargets>(target: K, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? "Invalid request";
      throw badRequest(message);
    }
  });
