import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale, localizePath, stripLocale } from "#contract/i18n/locales";
import type { PageRoute } from "#contract/pages/render-contract";
import type { PageMeta } from "#contract/seo/page-meta";
import { type ServerMessageId, translate } from "../../platform/i18n";

/**
 * The page's language in its head (decision 270): `<html lang>`, and a `hreflang` alternate for each language
 * with `x-default` at the English page, so search engines index both and send each reader to theirs.
 */
export function withLanguage(shell: Response, locale: Locale, pathname: string, origin: string): Response {
  const path = stripLocale(pathname);
  const alternates = [
    ...LOCALES.map(
      (l) => `<link rel="alternate" hreflang="${LOCALE_TAGS[l]}" href="${origin}${localizePath(path, l)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${origin}${path}" />`,
  ];
  return new HTMLRewriter()
    .on("html", {
      element(el) {
        el.setAttribute("lang", LOCALE_TAGS[locale]);
      },
    })
    .on("head", {
      element(el) {
        el.append(alternates.join(""), { html: true });
      },
    })
    .transform(shell);
}

/**
 * A page's head in a language: English is the page's declaration (web/pages, the spec's text); another language
 * reads `page.<name>.title` and `page.<name>.description` from its catalogue (tests/unit/catalogues.test.ts checks
 * every indexable page has them). The canonical address is the page's own in that language.
 */
export function localizedMeta(route: PageRoute, meta: PageMeta, locale: Locale): PageMeta {
  if (locale === DEFAULT_LOCALE) return meta;
  return {
    title: translate(locale, `page.${route.name}.title` as ServerMessageId),
    description: translate(locale, `page.${route.name}.description` as ServerMessageId),
    canonical: localizePath(meta.canonical, locale),
  };
}

/** The title of a page that is not indexed, in a language (its English one is the declaration's). */
export function localizedTitle(
  route: PageRoute,
  kind: "title" | "notFoundTitle",
  english: string,
  locale: Locale,
): string {
  if (locale === DEFAULT_LOCALE) return english;
  return translate(locale, `page.${route.name}.${kind}` as ServerMessageId);
}
