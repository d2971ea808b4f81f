import { z } from "zod";
import { LOCALES } from "./locales";

/**
 * The language of admin-written content a public read answers in (decision 272): `?lang=es`, English by default.
 * A query parameter, not Accept-Language: the Worker renders pages concurrently and the answers are cached per URL.
 */
export const contentLanguage = z
  .enum(LOCALES, { error: "lang must be en or es" })
  .default("en")
  .meta({ description: "The content's language: es answers the Spanish text where it has been written." });

export const contentLanguageQuery = z.object({ lang: contentLanguage });
