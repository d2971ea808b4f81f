import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { collectConsoleErrors } from "./support";

test("home shows its sections in the spec's order with their copy", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Protect the Wild. Start Today." })).toBeVisible();
  await expect(page.getByText("Take one simple action, each week, to protect our planet.")).toBeVisible();
  const hero = page.getByRole("region", { name: "Protect the Wild. Start Today." });
  await expect(hero.getByRole("link", { name: "This Week's Action" })).toHaveAttribute("href", "/actions");
  await expect(hero.getByRole("link", { name: "Sign Up for Weekly Actions" })).toHaveAttribute("href", "#signup");
  await expect(hero.getByRole("link", { name: "Find Events Near You" })).toHaveAttribute("href", "/events");

  // Hero, How It Works, This Week's Action, petitions (loaded after first paint), events, About, support, signup.
  await expect(page.locator("#petitions").getByRole("heading", { name: "Quick Wins to Protect Nature" })).toBeVisible();
  const order = ["how-it-works", "weekly-action", "petitions", "events", "about", "support", "signup"];
  const inOrder = await page.evaluate((ids) => {
    const els = ids.map((id) => document.getElementById(id));
    const present = els.filter((el): el is HTMLElement => el !== null);
    if (present.length !== ids.length) return `missing: ${ids.filter((_, i) => !els[i]).join(", ")}`;
    // Each section follows the one before it in the document.
    return present.every((el, i) => i === 0 || (present[i - 1] as HTMLElement).compareDocumentPosition(el) === 4);
  }, order);
  expect(inOrder).toBe(true);

  const steps = page.locator("#how-it-works li h3");
  await expect(steps).toHaveText(["Sign Up", "Get Weekly Actions", "Take Action"]);
  await expect(page.locator("#how-it-works")).toContainText("every Monday morning");
  await expect(page.locator("#weekly-action").getByText("This Week's Action", { exact: true })).toBeVisible();
  await expect(page.locator("#petitions").getByRole("heading", { name: "Quick Wins to Protect Nature" })).toBeVisible();
  await expect(page.locator("#petitions").getByRole("link", { name: "Suggest a petition" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
  await expect(page.locator("#about").getByRole("link", { name: /about us/i })).toHaveAttribute("href", "/about");
  await expect(page.locator("#support").getByRole("link", { name: "Find Support" })).toHaveAttribute(
    "href",
    "/get-support",
  );

  await hero.getByRole("link", { name: "Sign Up for Weekly Actions" }).click();
  await expect(page).toHaveURL(/#signup$/);
  await expect(page.locator("#signup")).toBeInViewport();
  expect(errors).toEqual([]);
});

test("the support page's resources accordion works with the keyboard", async ({ page }) => {
  await page.goto("/get-support");
  await expect(
    page.getByRole("heading", { level: 1, name: "Caring for your inner world while protecting the outer one." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Weekly Actions" }).first()).toHaveAttribute("href", "/actions");
  await page.getByRole("link", { name: "Find Support Resources" }).click();
  await expect(page).toHaveURL(/#support-resources$/);
  for (const name of ["Feel", "Heal", "Act"]) {
    await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Why This Matters" })).toBeVisible();

  const professional = page.getByRole("button", { name: "Professional Support" });
  await expect(professional).toHaveAttribute("aria-expanded", "false");
  await professional.focus();
  await page.keyboard.press("Enter");
  await expect(professional).toHaveAttribute("aria-expanded", "true");
  const region = page.getByRole("region", { name: "Professional Support" });
  await expect(region.getByRole("link", { name: "Text HOME to 741741" })).toHaveAttribute(
    "href",
    "sms:741741?&body=HOME",
  );
  await expect(region.getByRole("link", { name: "Call 988" })).toHaveAttribute("href", "tel:988");
  await expect(region.getByRole("link", { name: "Call 1-800-662-4357" })).toHaveAttribute("href", "tel:18006624357");

  // Arrow keys move between headers (WAI-ARIA accordion pattern); Space toggles.
  await page.keyboard.press("ArrowDown");
  const orgs = page.getByRole("button", { name: "Climate Psychology Organizations" });
  await expect(orgs).toBeFocused();
  await page.keyboard.press("Space");
  await expect(orgs).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("region", { name: "Climate Psychology Organizations" })).toContainText(
    "Good Grief Network",
  );

  await page.keyboard.press("End");
  const research = page.getByRole("button", { name: "Research & Articles" });
  await expect(research).toBeFocused();
  await page.keyboard.press("Enter");
  const researchRegion = page.getByRole("region", { name: "Research & Articles" });
  await expect(researchRegion).toContainText("Generation Dread");
  await expect(researchRegion.getByRole("link", { name: /Bookshop\.org/ }).last()).toHaveAttribute(
    "href",
    /^https:\/\/bookshop\.org\/search\?keywords=/,
  );
  await page.keyboard.press("Enter");
  await expect(research).toHaveAttribute("aria-expanded", "false");

  await expect(page.getByRole("heading", { name: "Guided Practices" })).toBeVisible();
  await expect(page.getByText("Coming soon")).toBeVisible();
  await expect(page.getByRole("link", { name: "Take This Week's Action" })).toHaveAttribute("href", "/actions");
});

test("/support and /get-support serve the same page with a canonical link to /support", async ({ page }) => {
  for (const path of ["/support", "/get-support"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Caring for your inner world while protecting the outer one.",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/support$/);
    await expect(page).toHaveTitle("Eco-Anxiety Support · Earthkind");
  }
});

test("about has the mission, 'Join the Mission' at #contact and the privacy and terms anchors", async ({ page }) => {
  await page.goto("/about#contact");
  await expect(page.getByRole("heading", { level: 1, name: "About Earthkind" })).toBeVisible();
  await expect(page.locator("#contact").getByRole("heading", { name: "Join the Mission" })).toBeInViewport();
  await expect(page.locator("#privacy").getByRole("heading", { name: "Privacy Policy" })).toBeAttached();
  await expect(page.locator("#terms").getByRole("heading", { name: "Terms of Use" })).toBeAttached();
});

test("every public page has its own title and description", async ({ page }) => {
  const seen = new Map<string, string>();
  for (const path of ["/", "/how-it-works", "/about", "/support"]) {
    await page.goto(path);
    await expect(page.locator("h1")).toHaveCount(1);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length, path).toBeGreaterThan(50);
    expect([...seen.values()], path).not.toContain(title);
    seen.set(path, title);
  }
});

for (const path of ["/", "/how-it-works", "/about", "/support", "/events", "/actions"]) {
  test(`axe finds no accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("h1")).toHaveCount(1);
    // Let data-driven blocks settle (spinners gone) so axe checks what visitors see.
    await expect(page.getByRole("status").filter({ hasText: /loading/i })).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
