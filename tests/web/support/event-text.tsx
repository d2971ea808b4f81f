import type { ReactNode } from "react";
import type { Locale } from "#contract/i18n/locales";
import { LOCALE_TAGS } from "#contract/i18n/locales";
import enSite from "../../../locales/en/site?lingui";
import esSite from "../../../locales/es/site?lingui";
import type { EventText } from "../../../web/features/events/format";
import { createSiteI18n, LocaleProvider } from "../../../web/lib/i18n";

const MESSAGES = { en: enSite, es: esSite };

/** A language's words and tag, as `useT()` gives them to a page. */
export function eventText(locale: Locale): EventText {
  const i18n = createSiteI18n(locale, MESSAGES[locale]);
  return { t: (id, values) => i18n._(id, values), tag: LOCALE_TAGS[locale] };
}

/** A component rendered in a language, as a page is (its messages and its `useT()`). */
export function InLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <LocaleProvider locale={locale} i18n={createSiteI18n(locale, MESSAGES[locale])}>
      {children}
    </LocaleProvider>
  );
}
