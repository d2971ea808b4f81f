import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import {
  collectConsoleErrors,
  latestMailTo,
  openSignInLink,
  ownClientIp,
  signInLinkPath,
  uniqueEmail,
} from "./support";

// Issue 47 item 1 (decision 253): a visitor on a phone asks for a reminder on an event's page, confirms from the
// email (read from the local mailbox, the fake mail provider), and sees the reminder set, then cancels it; a member
// taps once and finds the reminder in My Progress, where it can be cancelled too.

test.use({ viewport: { width: 390, height: 844 } });

test("Remind me: ask on the event page, confirm from the email, see it set, cancel it", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/events?zip=97201&when=all");
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
  await card.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  const email = uniqueEmail("reminder");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Get a reminder" }) });
  await section.getByRole("button", { name: /^Remind me/ }).click();
  await section.getByLabel("Email for the reminder").fill(email);
  await section.getByRole("button", { name: "Remind me", exact: true }).click();
  await expect(section.getByRole("status")).toContainText("press the button in the email we just sent");

  const mail = await latestMailTo(page.request, email, /^Confirm your reminder for /);
  expect(mail.subject).toBe(`Confirm your reminder for ${title}`);
  const link = /https?:\/\/[^\s]+\/reminder\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1, name: "Set your reminder" })).toBeVisible();
  await page.getByRole("button", { name: "Set my reminder" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your reminder is set" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Reminder set." })).toHaveText(
    "Reminder set. We'll email you before it starts.",
  );

  await page.getByRole("button", { name: "Can't go? Cancel the reminder" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reminder cancelled" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remind me after all" })).toBeVisible();
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});

test("a member's reminders are listed in My Progress and cancelled there", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail("my-reminders");
  const origin = new URL(process.env.E2E_BASE_URL ?? "http://localhost:8787").origin;
  const sent = await page.request.post("/api/auth/magic-link", {
    data: { email },
    headers: { Origin: origin, ...ownClientIp() },
  });
  expect(sent.status()).toBe(200);
  await openSignInLink(page, await signInLinkPath(page.request, email));
  await expect(page.getByRole("heading", { level: 1, name: "My Progress" })).toBeVisible();
  const reminders = page.getByRole("region", { name: "Event reminders" });
  await expect(reminders).toContainText("You have no reminders for upcoming events.");

  await page.goto("/events?zip=97201&when=all");
  const card = page.getByRole("article").first();
  const title = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
  await card.getByRole("link", { name: title, exact: true }).click();
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Get a reminder" }) });
  await section.getByRole("button", { name: /^Remind me/ }).click();
  await expect(section.getByRole("status")).toContainText("Reminder set.");

  await page.goto("/my-progress");
  const item = reminders.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("Reminder set: we'll email you before it starts.");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await item.getByRole("button", { name: "Cancel reminder" }).click();
  await expect(reminders).toContainText("You have no reminders for upcoming events.");
  expect(errors).toEqual([]);
});
