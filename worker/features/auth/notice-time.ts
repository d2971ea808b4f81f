import type { Locale } from "#contract/i18n/locales";
import { LOCALE_TAGS } from "#contract/i18n/locales";

/**
 * When an account change happened, in UTC as the notices have always said it: the RFC 7231 date in English
 * ("Wed, 02 Jan 2030 03:04:05 GMT"), the same instant written out in the reader's language otherwise.
 */
export function noticeTime(at: Date, locale: Locale): string {
  if (locale === "en") return at.toUTCString();
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
    dateStyle: "full",
    timeStyle: "long",
    timeZone: "UTC",
  }).format(at);
}
