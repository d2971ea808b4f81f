import { describe, expect, it } from "vitest";
import { PAGES } from "../../web/pages";

describe("where each page is rendered", () => {
  it("renders every public page on the server: only signed-in screens, the admin and previews are the app's", () => {
    // A public page in the single-page app would make a phone opening its link fetch the app's whole initial set
    // before anything shows (decision 212): the email links' pages were the last ones.
    const browser = Object.values(PAGES).filter((page) => page.render === "browser");
    expect(browser.length).toBeGreaterThan(0);
    // An admin invitation's page leads into the admin screens and is rendered like them (decision 235).
    for (const { path } of browser)
      expect(path).toMatch(/^\/(admin(\/|$)|auth\/admin-invitation$|my-progress$|actions\/preview\/)/);
    for (const path of ["/unsubscribe", "/subscribe/confirm", "/auth/verify", "/did-it", "/auth"]) {
      expect(Object.values(PAGES).find((page) => page.path === path)?.render, path).toBe("server");
    }
  });
});
