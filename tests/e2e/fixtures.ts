import { test as base } from "@playwright/test";

/**
 * Playwright's `test` whose `page.goto` also waits for hydration (web/app/app.tsx sets
 * `html[data-hydrated]`): a server-rendered page is visible before its handlers are attached, and
 * a click in that window does nothing. Pages without JavaScript, and pages that are not the app's,
 * never hydrate; their goto returns at load as usual.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // Only the app's pages (they have #root) hydrate; /dev/mailbox and downloads do not.
      const app = options?.waitUntil !== "commit" && (await page.locator("#root").count()) > 0;
      if (javaScriptEnabled !== false && app) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      return response;
    };
    await use(page);
  },
});

export { expect } from "@playwright/test";
