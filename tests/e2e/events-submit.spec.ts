import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signInAsAdmin, toasts } from "./events-admin-support";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, ownClientIp } from "./support";

/** A datetime-local value a few days ahead, at 10:00 in the browser's zone. */
function soon(daysAhead: number) {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

async function expectToast(page: Page, title: string, description: string) {
  await expect(toasts(page).getByText(title, { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(description, { exact: true })).toBeVisible();
}

const submit = (page: Page) => page.getByRole("button", { name: "Submit Event" }).click();

test("submits an event that an admin approves into the search", async ({ page, request }) => {
  const errors = collectConsoleErrors(page);
  const title = `River Cleanup ${Date.now()}`;
  await page.goto("/submit-event");
  await expect(page.getByRole("heading", { level: 1, name: "Submit an Environmental Event" })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // The spec's messages, first missing field first.
  await submit(page);
  await expectToast(page, "Error", "Please fill in the title field");
  await page.getByLabel("Event title").fill(title);
  await submit(page);
  await expectToast(page, "Error", "Please fill in the category field");
  await page.getByLabel("Category").selectOption("cleanup");
  await page.getByLabel("Starts").fill(soon(3));
  await page.getByLabel("City").fill("Portland");
  await page.getByLabel("State").pressSequentially("or");
  await expect(page.getByLabel("State")).toHaveValue("OR");
  await page.getByLabel("ZIP code").fill("97204");
  await page.getByLabel("Organizer name").fill("River Friends");
  await page.getByLabel("Organizer email").fill("not-an-email");
  await page.getByLabel("Registration or event page").fill("https://riverfriends.example.org/cleanup");
  await submit(page);
  await expectToast(page, "Error", "Please enter a valid email address");
  await page.getByLabel("Organizer email").fill("hello@riverfriends.example.org");
  await page.getByLabel("Organizer website (optional)").fill("riverfriends dot org");
  await submit(page);
  await expectToast(page, "Error", "Please enter valid URLs");
  await page.getByLabel("Organizer website (optional)").fill("");
  await page.getByLabel("Description (optional)").fill("Bags and gloves provided. Meet at the pier.");

  await submit(page);
  await expectToast(page, "Success!", "Event submitted successfully for review!");
  await expect(page.getByLabel("Event title")).toHaveValue("");
  await expect(page.getByLabel("City")).toHaveValue("");

  // Not public before moderation.
  const before = await request.get("/api/events?zip=97204&radius=5");
  expect(((await before.json()) as { events: { title: string }[] }).events.map((e) => e.title)).not.toContain(title);

  await signInAsAdmin(page, request);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Show pending submissions" }).click();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card.getByText("hello@riverfriends.example.org")).toBeVisible();
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(toasts(page).getByText("Event approved", { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto("/events?zip=97204");
  await page.getByLabel("Radius").selectOption("5");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  expect(errors).toEqual([]);
});

test("rejects a submission with a reason", async ({ page, request }) => {
  const title = `Not An Event ${Date.now()}`;
  const res = await request.post("/api/event-submissions", {
    data: {
      title,
      category: "education",
      start_time: new Date(Date.now() + 86_400_000).toISOString(),
      city: "Denver",
      state: "CO",
      organizer_name: "Someone",
      organizer_email: "someone@example.org",
      registration_url: "https://example.org",
    },
    headers: ownClientIp(),
  });
  expect(res.status()).toBe(201);
  await signInAsAdmin(page, request);
  await page.goto("/admin");
  await page.getByRole("button", { name: "Show pending submissions" }).click();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await card.getByRole("button", { name: "Reject" }).click();
  await card.getByLabel("Reason for rejection").fill("Not an environmental event");
  await card.getByRole("button", { name: "Confirm rejection" }).click();
  await expect(toasts(page).getByText("Submission rejected", { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
});
