import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { ZodType } from "zod";
import { badRequest } from "./errors";

/**
 * zod validation for a request part. The first issue's message is the answer, so the API returns
 * exactly the text the shared schema (and so the web form) shows. hono-openapi's validator also
 * records the schema on the route, so /api/openapi.json describes the request from the same schema
 * (decision 093).
 */
export const validate = <T extends ZodType, K extends keyof ValidationTargets>(target: K, schema: T) =>
  validator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error[0]?.message ?? "Invalid request";
      throw badRequest(message);
    }
  });
