import { expect, it } from "vitest";
import { SUPPORT_LINK_LABEL } from "#contract/email/support-link";
import { WEEKLY_EMAIL_CONTENTS, WEEKLY_EMAIL_WHEN } from "#contract/email/weekly-contents";
import chrome from "../../locales/en/site/chrome.json";
import home from "../../locales/en/site/home.json";

/**
 * The pages say in the catalogue what the emails say from the contract: the home page's list of what each weekly
 * email brings, and the footer's support link (WCAG 3.2.6: the same words on every page and in every email).
 */
it("promises on the home page, in English, exactly what the weekly email holds", () => {
  expect(home["home.weeklyEmail.heading"]).toBe(`${WEEKLY_EMAIL_WHEN}, each email brings:`);
  expect([
    home["home.weeklyEmail.action"],
    home["home.weeklyEmail.impact"],
    home["home.weeklyEmail.tip"],
    home["home.weeklyEmail.petitions"],
    home["home.weeklyEmail.events"],
  ]).toEqual([...WEEKLY_EMAIL_CONTENTS]);
});

it("words the footer's support link as the emails do", () => {
  expect(chrome["chrome.footer.supportLink"]).toBe(SUPPORT_LINK_LABEL);
});
