import { useLocation } from "react-router-dom";
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, localizePath } from "#contract/i18n/locales";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";

/**
 * The same page in the other language (decision 270): a plain link, so it needs no script, and it keeps the
 * place (path and query). The other language's name is written in that language, and marked so.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const { t, locale } = useT();
  const other = LOCALES.find((l) => l !== locale) ?? locale;
  return (
    <a
      href={localizePath(`${pathname}${search}${hash}`, other)}
      hrefLang={LOCALE_TAGS[other]}
      lang={LOCALE_TAGS[other]}
      aria-label={t("language.switch.to")}
      data-testid="language-switch"
      className={cn("rounded-full px-3 py-2 text-sm font-medium underline-offset-4 hover:underline", className)}
    >
      {LOCALE_NAMES[other]}
    </a>
  );
}
