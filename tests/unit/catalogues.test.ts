import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "#contract/i18n/locales";

/**
 * The message catalogues (decision 270): every language has every English message, none empty, with the same
 * placeholders, so a Spanish reader never meets an id or an English sentence where a translation was missed.
 */
const ROOT = path.join(import.meta.dirname, "../../locales");
const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, locale, file), "utf8")) as Record<string, string>;
const CATALOGUES = readdirSync(path.join(ROOT, DEFAULT_LOCALE)).filter((f) => f.endsWith(".json"));

/** The names an ICU message takes as values ({name}, {count, plural, …}), from its compiled form. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , choices] = token as [string, string?, unknown?];
      if (name !== "#") names.add(name);
      if (choices && typeof choices === "object")
        for (const choice of Object.values(choices)) if (Array.isArray(choice)) walk(choice);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

describe.each(CATALOGUES)("locales/*/%s", (file) => {
  const english = read(DEFAULT_LOCALE, file);

  it.each(LOCALES.filter((l) => l !== DEFAULT_LOCALE))("has every English message in %s, none extra", (locale) => {
    const translated = read(locale, file);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
  });

  it.each([...LOCALES])("%s: no message is empty, and each takes the English message's values", (locale) => {
    const messages = read(locale, file);
    for (const [id, message] of Object.entries(messages)) {
      expect(message.trim(), id).not.toBe("");
      expect(placeholders(message), id).toEqual(placeholders(english[id] ?? ""));
    }
  });
});
