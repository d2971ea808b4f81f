/**
 * The site's languages (issue 46, decision 270): English at the site's paths, Spanish under `/es/`, so each
 * language has its own indexable address. Pure path rules shared by the Worker, the renderer and the browser.
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The BCP 47 tags for `<html lang>`, `hreflang` and `Intl` formatting: US English and US Spanish. */
export const LOCALE_TAGS: Record<Locale, string> = { en: "en-US", es: "es-US" };

/** Each language named in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The path prefix of a language other than English: "/es". */
export const localeBase = (locale: Locale): string => (locale === DEFAULT_LOCALE ? "" : `/${locale}`);

/** The language of a path: "/es" and "/es/…" are Spanish, everything else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path without its language prefix: "/es/actions" → "/actions", "/es" → "/". */
export function stripLocale(pathname: string): string {
  const base = localeBase(localeOfPath(pathname));
  if (!base) return pathname;
  const rest = pathname.slice(base.length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** A site path in a language: ("/actions", "es") → "/es/actions", ("/", "es") → "/es". Keeps query and hash. */
export function localizePath(path: string, locale: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(path);
  const pathname = stripLocale(match?.[1] || "/");
  const base = localeBase(locale);
  return `${base && pathname === "/" ? base : `${base}${pathname}`}${match?.[2] ?? ""}`;
}

/**
 * The language a person's browser asks for first among ours (`Accept-Language`), for server messages to API
 * calls and for the first language of a signup made without a page (none: English).
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const ranked = (header ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { lang: tag.trim().toLowerCase().split("-")[0], q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const first = ranked.find((entry) => isLocale(entry.lang));
  return first && isLocale(first.lang) ? first.lang : DEFAULT_LOCALE;
}
