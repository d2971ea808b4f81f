import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, latestMailTo, uniqueEmail } from "./support";

/** The signup journey as a person sees it (issue 42, decision 225): on a phone, and on a desktop where it differed. */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const signupForm = (page: Page) => page.getByRole("form", { name: "Sign up for weekly actions" });
const SECTION_TITLE = "Get one simple action every week";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Waits until a (smooth) scroll has come to rest. */
async function scrollSettled(page: Page) {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const still = y === last;
      last = y;
      return still;
    })
    .toBe(true);
}

for (const [name, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`the hero's button lands with the form's heading and fields in view (${name}, ${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Protect the Wild. Start Today." });
    await hero.getByRole("link", { name: "Sign Up for Weekly Actions" }).click();
    await expect(page).toHaveURL(/#signup$/);
    await scrollSettled(page);

    const heading = page.getByRole("heading", { level: 2, name: SECTION_TITLE });
    await expect(heading).toBeInViewport({ ratio: 1 });
    // Not under the sticky header either.
    const headerBottom = await page
      .locator("header")
      .first()
      .evaluate((h) => h.getBoundingClientRect().bottom);
    expect((await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
    const form = signupForm(page);
    for (const label of ["First name", "Email", /ZIP code/]) await expect(form.getByLabel(label)).toBeInViewport();
  });
}

test("field errors show at each field, the first is focused, and the spec's toast stays (phone)", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/#signup");
  const form = signupForm(page);
  await form.getByLabel("First name").fill("A");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel(/ZIP code/).fill("12");
  await form.getByRole("button", { name: "Sign Up for Weekly Actions" }).click();

  // The toast: the first failure in the spec's order.
  await expect(page.getByText("Invalid name", { exact: true })).toBeVisible();
  // Each field: marked invalid, its message under it, read with it.
  const name = form.getByLabel("First name");
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name must be between 2 and 50 characters.");
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(form.getByLabel(/ZIP code/)).toHaveAccessibleDescription("Please enter a valid 5-digit ZIP code.");
  await expect(form.getByText("Please enter a valid 5-digit ZIP code.", { exact: true })).toBeInViewport();

  // Fixing a field clears its message; the others stay until the next try.
  await name.fill("Ada");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Name must be between 2 and 50 characters.", { exact: true })).toHaveCount(0);
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
});

test("after a signup: check your inbox, resend, the pending manage page, then confirmed with next steps (phone)", async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  await page.setViewportSize(PHONE);
  const email = uniqueEmail("funnel");
  await page.goto("/#signup");
  const form = signupForm(page);
  await form.getByLabel("First name").fill("Fern");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel(/ZIP code/).fill("97201");
  await form.getByRole("button", { name: "Sign Up for Weekly Actions" }).click();

  // The form gives way to where the email went; the heading takes the focus the button had.
  const sent = page.getByRole("heading", { name: /^Check your inbox at f•••@example\.com to confirm$/ });
  await expect(sent).toBeFocused();
  await expect(sent).toBeInViewport();
  await expect(form).toHaveCount(0);
  await expect(page.getByText("Welcome to Earthkind! 🌱", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Check your inbox and confirm your email to get your first weekly action plan.", { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Resend right away: the answer says nothing went yet, and why (decision 226).
  await page.getByRole("button", { name: "Resend the email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "didn't send another yet" })).toBeInViewport();

  // The email says what it is for.
  const mail = await latestMailTo(request, email, /^Confirm your Earthkind subscription$/);
  const manage = new URL(/https?:\/\/\S+\/unsubscribe\?token=[\w-]+/.exec(mail.text)?.[0] as string);
  const confirm = new URL(/https?:\/\/\S+\/subscribe\/confirm\?token=[\w-]+/.exec(mail.text)?.[0] as string);

  // Its manage link, before confirming: waiting, with a way to have the link sent again.
  await page.goto(`${manage.pathname}${manage.search}`);
  await expect(page.getByTestId("subscription-status")).toHaveText("Waiting for your confirmation");
  await expect(page.getByRole("button", { name: "Resubscribe" })).toHaveCount(0);
  await page.getByRole("button", { name: "Resend the confirmation email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "didn't send another yet" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Confirming: the page says so, and offers what to do next, near the ZIP given.
  await page.goto(`${confirm.pathname}${confirm.search}`);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're Subscribed" })).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Thanks for confirming! You're subscribed." })).toBeFocused();
  for (const [link, href] of [
    ["Do this week's action", /\/actions$/],
    ["Find events near 97201", /\/events\?zip=97201$/],
    ["Track what you've done in My Progress", /\/my-progress$/],
  ] as const) {
    const next = page.getByRole("link", { name: link });
    await expect(next).toBeInViewport();
    await expect(next).toHaveAttribute("href", href);
  }
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Find events near 97201" }).click();
  await expect(page).toHaveURL(/\/events\?zip=97201$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The manage page now says subscribed.
  await page.goto(`${manage.pathname}${manage.search}`);
  await expect(page.getByTestId("subscription-status")).toHaveText("Subscribed");
  expect(errors).toEqual([]);
});
