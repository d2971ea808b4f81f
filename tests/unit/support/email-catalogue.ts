import { readdirSync, readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { LOCALE_TAGS, type Locale } from "#contract/i18n/locales";

/**
 * A language's email messages read from locales/<locale>/email, compiled here: the e2e runner (which renders the
 * email samples too) has no Vite to compile `?lingui` imports, so the samples are given their words (decision 273).
 */
export function emailLanguage(locale: Locale) {
  const folder = new URL(`../../../locales/${locale}/email/`, import.meta.url);
  const messages = Object.fromEntries(
    readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .flatMap((name) =>
        Object.entries(JSON.parse(readFileSync(new URL(name, folder), "utf8")) as Record<string, string>),
      )
      .map(([id, message]) => [id, compileMessageOrThrow(message)]),
  );
  const tag = LOCALE_TAGS[locale];
  const i18n = setupI18n({ locale: tag, locales: [tag], messages: { [tag]: messages } });
  return { locale, t: (id: string, values?: Record<string, string | number | Date>) => i18n._(id, values) };
}
