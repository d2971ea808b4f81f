import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { latestMailTo, signInAsAdmin, uniqueEmail } from "./support";

test("email settings: configuration status, welcome settings save, welcome test send and 'Test skipped'", async ({
  page,
  request,
}) => {
  // Sign-in, an admin grant through wrangler and three emails through the local queue.
  test.setTimeout(90_000);
  await signInAsAdmin(page, request, "email-admin");
  await page.goto("/admin/settings/email");
  await expect(page.getByRole("heading", { level: 1, name: "Email Settings" })).toBeVisible();
  await expect(page.getByText("All required email settings are configured.")).toBeVisible();

  const subject = page.getByLabel("Subject");
  const preview = page.getByLabel("Preview text");
  await expect(subject).toHaveValue("Welcome to Earthkind — here's what to expect");
  await expect(preview).toHaveValue("Join thousands taking weekly climate action");
  await expect(page.getByRole("checkbox", { name: "Send a welcome email to new subscribers" })).toBeChecked();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Validation, then a save that sticks.
  await subject.fill(" ");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Subject is required", { exact: true })).toBeVisible();
  await subject.fill("Welcome to Earthkind — here's what to expect");
  await preview.fill("One small action a week, starting now");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Preview text")).toHaveValue("One small action a week, starting now");

  // Welcome test send: sent, then skipped for the same address within 24 hours.
  const to = uniqueEmail("welcome-test");
  await page.getByRole("button", { name: "Send Test Email" }).click();
  await expect(page.getByText("Please enter an email address", { exact: true })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(to);
  await page.getByLabel("First name (optional)").fill("Juniper");
  await page.getByRole("button", { name: "Send Test Email" }).click();
  await expect(page.getByText("Test Email Sent", { exact: true })).toBeVisible();
  const mail = await latestMailTo(request, to, /Welcome to Earthkind/);
  expect(mail.html).toContain("One small action a week, starting now");
  expect(mail.text).toContain("Welcome, Juniper!");

  await page.getByRole("button", { name: "Send Test Email" }).click();
  await expect(page.getByText("Test skipped", { exact: true })).toBeVisible();

  // Put the default preview back for the other specs.
  await page.getByLabel("Preview text").fill("Join thousands taking weekly climate action");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
});
