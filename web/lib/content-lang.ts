import type { Locale } from "#contract/i18n/locales";

/**
 * The `lang` of admin-written content shown on a page (decision 272): set only when the content is not in the page's
 * language (an action not yet written in Spanish, on a Spanish page), so screen readers read it as English.
 */
export const contentLang = (content: Locale | undefined, page: Locale): Locale | undefined =>
  content && content !== page ? content : undefined;
