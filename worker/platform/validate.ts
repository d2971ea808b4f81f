import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { ZodType } from "zod";
import type { Locale } from "#contract/i18n/locales";
import { badRequest } from "./errors";
import { requestLocale } from "./i18n";

/**
 * zod validation for a request part. The first issue's message is the answer, so the API returns
 * exactly the text the shared schema (and so the web form) shows. hono-openapi's validator also
 * records the schema on the route, so /api/openapi.json describes the request from the same schema
 * (decision 093). `inLanguage`: the same schema with its messages in a language; a refused request is checked
 * again with the one of the request's language (`requestLocale`), so a Spanish page's call is answered in Spanish.
 */
export const validate = <T extends ZodType, K extends keyof ValidationTargets>(
  target: K,
  schema: T,
  inLanguage?: (locale: Locale) => ZodType,
) =>
  validator(target, schema, (result, c) => {
    if (!result.success) {
      const localized = inLanguage?.(requestLocale(c)).safeParse(result.data);
      const message = localized?.error?.issues[0]?.message ?? result.error[0]?.message ?? "Invalid request";
      throw badRequest(message);
    }
  });
