import { PAGES } from "../../web/pages";
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./support";

test("home shows the hero headline", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Protect the Wild. Start Today." })).toBeVisible();
});

test("the header is transparent on home until scrolled past 50px, and solid elsewhere", async ({ page }) => {
  await page.goto("/");
  const header = page.getByTestId("site-header");
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect(header).toHaveAttribute("data-solid", "true");

  await page.goto("/about");
  await expect(page.getByTestId("site-header")).toHaveAttribute("data-solid", "true");
});

test("the mobile menu opens and closes with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/about");
  const menuButton = page.getByRole("button", { name: /menu/i });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Events" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test("an unknown path shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: /home/i }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Protect the Wild. Start Today." })).toBeVisible();
});

// One test per page (web/pages: so a page added later is covered, and a slow or broken one is named on its
// own); the not-found page has its own test above. Signed out, /my-progress and /admin/* land on the sign-in page, which
// has its own h1.
for (const [name, { path: pattern }] of Object.entries(PAGES)) {
  if (pattern === "*") continue;
  const path = pattern.replace(":slug", "no-such-action").replace(":id", "00000000-0000-0000-0000-000000000000");
  test(`route ${name} (${path}) renders one h1 without console errors`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(path);
    await expect(page.locator("h1")).toHaveCount(1);
    // 404s of API reads for made-up ids are expected network errors, not script errors.
    expect(errors.filter((e) => !/status of 40[14]/.test(e))).toEqual([]);
  });
}
