import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

// Issue 47 item 4, decision 278: the public API reference at /developers/api, drawn by Scalar from our own origin.

test("a developer reads the public API reference, served from our origin alone", async ({ page }) => {
  const ours = new URL(process.env.E2E_BASE_URL ?? "http://localhost:8787").origin;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(ours) && !request.url().startsWith("data:")) elsewhere.push(request.url());
  });
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  // Found from any page's footer.
  await page.goto("/about");
  await page.getByRole("link", { name: "Developers: events API" }).click();
  await expect(page).toHaveURL(/\/developers\/api$/);
  await expect(page).toHaveTitle(/Earthkind API/);
  // The document's own title heads the reference; the public operations are listed, the admin's are not.
  await expect(page.getByRole("heading", { level: 1, name: "Earthkind API" })).toBeVisible({ timeout: 20_000 });
  const sidebar = page.getByRole("link", { name: "events", exact: true });
  await expect(page.getByRole("link", { name: "osdi", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^admin\// })).toHaveCount(0);

  // An operation, with its example answer made of the named Event schema's example.
  await sidebar.click();
  await expect(
    page.getByRole("heading", { level: 3, name: "Events near a ZIP (or anywhere), a page at a time" }),
  ).toBeVisible();
  await expect(page.getByText("Willamette riverbank clean-up").first()).toBeAttached();

  expect(elsewhere, "requests to other origins").toEqual([]);
  expect(blocked, "content blocked by the CSP").toEqual([]);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});
