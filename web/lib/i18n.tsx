import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale, localizePath } from "#contract/i18n/locales";
import { rememberPageMessages } from "./page-messages";

/**
 * An id of the site's catalogue (locales/<locale>/site/*.json). Written as a literal where it is used
 * (`t('events.search.title')`), so tests/unit/catalogues.test.ts finds it and fails when the English catalogue lacks it.
 */
export type SiteMessageId = string;
export type MessageValues = Record<string, string | number | Date | ReactNode>;

/** One Lingui instance per page render (server) or page (browser), holding only that language's messages. */
export function createSiteI18n(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n({
    locale: LOCALE_TAGS[locale],
    locales: [LOCALE_TAGS[locale]],
    messages: { [LOCALE_TAGS[locale]]: messages },
  });
  rememberPageMessages(i18n);
  return i18n;
}

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/** The page's language and its messages, for every component under it. */
export function LocaleProvider({ locale, i18n, children }: { locale: Locale; i18n: I18n; children: ReactNode }) {
  return (
    <LocaleContext.Provider value={locale}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext.Provider>
  );
}

export const useLocale = (): Locale => useContext(LocaleContext);

/**
 * The page language's messages: `t(id, values)` formats one (ICU plurals and selects), `path` puts a site path in
 * the page's language (for plain links; react-router's `Link` does it through the router's basename), `tag` is the
 * BCP 47 tag for `Intl` formatting (es-US, en-US).
 */
export function useT() {
  const { i18n } = useLingui();
  const locale = useLocale();
  return useMemo(
    () => ({
      t: (id: SiteMessageId, values?: MessageValues) => i18n._(id, values),
      locale,
      tag: LOCALE_TAGS[locale],
      path: (to: string) => localizePath(to, locale),
    }),
    [i18n, locale],
  );
}
