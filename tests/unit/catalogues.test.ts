import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "#contract/i18n/locales";
import { readCatalogue } from "../../scripts/catalogues.mjs";

/**
 * The message catalogues (decision 270): every language has every English message, none empty, with the same
 * placeholders, so a Spanish reader never meets an id or an English sentence where a translation was missed; and
 * every id the code names exists.
 */
const ROOT = path.join(import.meta.dirname, "../../locales");
const CATALOGUES = readdirSync(path.join(ROOT, DEFAULT_LOCALE));
const catalogue = (locale: string, name: string) => readCatalogue(path.join(ROOT, locale, name));

/** The names an ICU message takes as values ({name}, {count, plural, …}), from its compiled form. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , choices] = token as [string, string?, unknown?];
      names.add(name);
      if (choices && typeof choices === "object")
        for (const choice of Object.values(choices)) if (Array.isArray(choice)) walk(choice);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

describe.each(CATALOGUES)("the %s catalogue", (name) => {
  const english = catalogue(DEFAULT_LOCALE, name);

  it.each(LOCALES.filter((l) => l !== DEFAULT_LOCALE))("has every English message in %s, none extra", (locale) => {
    expect(Object.keys(catalogue(locale, name)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each([...LOCALES])("%s: no message is empty, and each takes the English message's values", (locale) => {
    for (const [id, message] of Object.entries(catalogue(locale, name))) {
      expect(message.trim(), id).not.toBe("");
      expect(placeholders(message), id).toEqual(placeholders(english[id] ?? ""));
    }
  });
});

/** Every source file of the Worker, the web app and the contract. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

// `t("id"`, `t("id",` in the pages and islands; `translate(locale, "id"` and `t("id"` in the Worker.
const ID_CALL = /\b(?:t|translate\([^,()]+,)\(?\s*"([a-z][\w-]*(?:\.[\w-]+)+)"/g;

it("has every message id the code names, in English", () => {
  const known = new Set(CATALOGUES.flatMap((name) => Object.keys(catalogue(DEFAULT_LOCALE, name))));
  const repo = path.join(import.meta.dirname, "../..");
  const missing = ["web", "worker", "contract"].flatMap((dir) =>
    sources(path.join(repo, dir)).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(ID_CALL)]
        .map((m) => m[1] ?? "")
        .filter((id) => !known.has(id))
        .map((id) => `${path.relative(repo, file)}: ${id}`),
    ),
  );
  expect(missing).toEqual([]);
});
