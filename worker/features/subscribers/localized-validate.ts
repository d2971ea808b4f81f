import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { ZodType } from "zod";
import { localSignupMessage } from "#contract/subscribers/signup-messages";
import { badRequest } from "../../platform/errors";
import { requestLocale, translatorFor } from "../../platform/i18n";

/**
 * platform/validate.ts for the subscriber routes, answering in the request's language (issue 46): the shared zod
 * schemas keep the spec's English messages, which the catalogue puts in the language of the page that called.
 * The schema is documented in /api/openapi.json as with `validate`.
 */
export const localizedValidate = <T extends ZodType, K extends keyof ValidationTargets>(target: K, schema: T) =>
  validator(target, schema, (result, c) => {
    if (!result.success) {
      const message = result.error[0]?.message ?? "Invalid request";
      throw badRequest(localSignupMessage(translatorFor(requestLocale(c)), message));
    }
  });
