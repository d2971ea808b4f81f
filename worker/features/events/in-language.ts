import { searchMessagesIn, submissionMessagesIn } from "#contract/events/messages-in-language";
import { searchQuerySchemaWith, submissionSchemaWith } from "#contract/events/schemas";
import { LOCALES, type Locale } from "#contract/i18n/locales";
import { AppError, badRequest } from "../../platform/errors";
import { translate, translatorFor } from "../../platform/i18n";

/**
 * The events API's answers in the caller's language (issue 46, decision 273): a Spanish page's search and submission
 * are refused in Spanish, with the same rules as the English schemas (which stay the documented ones).
 */
const byLocale = <T>(build: (locale: Locale) => T): ((locale: Locale) => T) => {
  const built = new Map(LOCALES.map((locale) => [locale, build(locale)]));
  return (locale) => built.get(locale) ?? build(locale);
};

export const submissionSchemaIn = byLocale((locale) =>
  submissionSchemaWith(submissionMessagesIn(translatorFor(locale))),
);

export const searchQuerySchemaIn = byLocale((locale) => searchQuerySchemaWith(searchMessagesIn(translatorFor(locale))));

/** A search's "unknown ZIP" in the caller's language; any other error as it is. */
export function searchErrorIn(locale: Locale, err: unknown, zip: string | undefined): unknown {
  if (err instanceof AppError && err.code === "unknown_zip" && zip)
    return badRequest(translate(locale, "events.search.unknownZip", { zip }), "unknown_zip");
  return err;
}
