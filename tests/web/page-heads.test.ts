import { expect, it } from "vitest";
import english from "../../locales/en/site/pages.json";
import { PAGES } from "../../web/pages";
import type { Page } from "../../web/pages/page";

/**
 * Each page's head in the catalogue (decision 270): the Worker writes a Spanish page's title and description from
 * `page.<name>.*`, so every page that has a head has its ids; the English ones are the page's own declaration (the
 * spec's text), so the two never drift. tests/unit/catalogues.test.ts holds Spanish to the same ids.
 */
it("has each page's head in the catalogue, the English one the page's own", () => {
  const heads = Object.entries(PAGES as Record<string, Page>).flatMap(([name, page]) => [
    ...(page.meta
      ? [
          [`page.${name}.title`, page.meta.title],
          [`page.${name}.description`, page.meta.description],
        ]
      : []),
    ...(page.title ? [[`page.${name}.title`, page.title]] : []),
    ...(page.notFoundTitle ? [[`page.${name}.notFoundTitle`, page.notFoundTitle]] : []),
  ]);
  expect(english).toEqual(Object.fromEntries(heads));
});
