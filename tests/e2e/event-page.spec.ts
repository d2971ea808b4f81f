import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./support";

// The seed puts upcoming events near 97201 (Portland): open one from its card, as a visitor would.

test("a card opens the event's own page: title, when, where, calendar file, markup, and no axe violations", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/events?zip=97201&when=all");
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
  expect(title).not.toBe("");
  await card.getByRole("link", { name: title, exact: true }).click();

  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{32,36}-[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("When", { exact: true })).toBeVisible();
  await expect(page.getByText(/Last confirmed [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
  const calendar = page.getByRole("link", { name: /Add to calendar/ });
  const href = (await calendar.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/api\/events\/[0-9a-f-]+\.ics$/);
  const ics = await page.request.get(href);
  expect(ics.status()).toBe(200);
  // The calendar file points back at this page (decision 202).
  expect((await ics.text()).replace(/\r\n /g, "")).toContain(`URL:${page.url()}`);
  await expect(page).toHaveTitle(`${title} · Earthkind`);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Loaded directly, the page carries its Event markup and the same title.
  await page.reload();
  const markup = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(markup).toMatchObject({ "@type": "Event", name: title, url: page.url() });
  expect(markup.startDate).toMatch(/[+-]\d{2}:\d{2}$|^\d{4}-\d{2}-\d{2}$/);
  await expect(page).toHaveTitle(`${title} · Earthkind`);
  expect(errors).toEqual([]);
});
