import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale, localeFromAcceptLanguage } from "#contract/i18n/locales";
import enEmailMessages from "../../locales/en/email?lingui";
import enSiteMessages from "../../locales/en/site?lingui";
import esEmailMessages from "../../locales/es/email?lingui";
import esSiteMessages from "../../locales/es/site?lingui";

/**
 * A message of the site's catalogue (pages, server messages) or the emails' (never shipped to a browser), written as
 * a literal where it is used so tests/unit/catalogues.test.ts can check the English catalogue has it.
 */
export type ServerMessageId = string;
export type ServerMessageValues = Record<string, string | number | Date>;

const MESSAGES: Record<Locale, Messages> = {
  en: { ...enSiteMessages, ...enEmailMessages },
  es: { ...esSiteMessages, ...esEmailMessages },
};

/**
 * The language of an API call: the browser's pages send their own (`Accept-Language: es-US` on a Spanish page,
 * web/lib/api.ts); other clients get English unless they ask for Spanish first.
 */
export const requestLocale = (c: { req: { header(name: string): string | undefined } }): Locale =>
  localeFromAcceptLanguage(c.req.header("Accept-Language"));

const instances = new Map<Locale, I18n>();

function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const tag = LOCALE_TAGS[locale];
    i18n = setupI18n({ locale: tag, locales: [tag], messages: { [tag]: MESSAGES[locale] } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/**
 * A message in a person's language, for what the Worker writes itself: emails, their subjects and preheaders, page
 * heads and server messages (decision 270). The same catalogues as the pages, so a text is translated once.
 */
export function translate(locale: Locale, id: ServerMessageId, values?: ServerMessageValues): string {
  return i18nFor(locale)._(id, values);
}

/** English messages without values, by their text: an API error message said in English finds its id here. */
const ENGLISH_IDS = new Map<string, ServerMessageId>();
for (const [id, compiled] of Object.entries(MESSAGES.en)) {
  const text =
    typeof compiled === "string" ? compiled : Array.isArray(compiled) && compiled.length === 1 ? compiled[0] : null;
  // The first id with a text wins, so one English text always gets the same translation.
  if (typeof text === "string" && !ENGLISH_IDS.has(text)) ENGLISH_IDS.set(text, id);
}

/**
 * An English message in another language when the catalogue has it, else as it is. The API's error messages are the
 * spec's English, shared with the forms (contract/*); this says them in the caller's language at one place
 * (localized-errors.ts) instead of in every route.
 */
export function translateEnglish(message: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return message;
  const id = ENGLISH_IDS.get(message);
  return id ? translate(locale, id) : message;
}

/** `translate` bound to one language: `const t = translatorFor(subscriber.locale)`. */
export const translatorFor =
  (locale: Locale) =>
  (id: ServerMessageId, values?: ServerMessageValues): string =>
    translate(locale, id, values);
