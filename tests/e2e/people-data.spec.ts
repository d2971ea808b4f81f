import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signInWithMagicLink } from "./actions-helpers";
import { signInAsAdmin } from "./events-admin-support";
import { expect, test } from "./fixtures";
import { latestMailTo, localD1, ownClientIp, subscribeConfirmed, uniqueEmail } from "./support";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

test("an admin finds a subscriber, opens their email history and exports a filtered CSV", async ({ page, request }) => {
  // Sign-in, an admin grant through wrangler, local D1 set-up and three axe scans.
  test.setTimeout(240_000);
  const name = `Quillon${Date.now().toString(36)}`;
  const email = uniqueEmail("quillon");
  const other = uniqueEmail("quillon-other");
  // The first confirms (double opt-in, decision 182); the other signs up and stays pending.
  await subscribeConfirmed(request, { first_name: name, email, zip_code: "97201" });
  const res = await request.post("/api/subscribers", {
    data: { first_name: `${name}b`, email: other, zip_code: "97201" },
    headers: ownClientIp(),
  });
  expect(res.status()).toBe(201);
  // One weekly email in the ledger for the first person.
  const campaignId = crypto.randomUUID();
  localD1(`INSERT INTO email_campaigns (id, kind, status) VALUES (${sqlText(campaignId)}, 'weekly', 'completed');
    INSERT INTO email_deliveries (id, campaign_id, subscriber_id, email, status, updated_at)
      SELECT ${sqlText(crypto.randomUUID())}, ${sqlText(campaignId)}, id, email, 'sent', '2026-11-16T17:00:00.000Z'
      FROM subscribers WHERE email = ${sqlText(email)};`);

  await signInAsAdmin(page, request);
  await page.goto("/admin/subscribers");
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Weekly subscriber growth/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /Messages/ })).toBeVisible();

  // Bad input: a ZIP prefix with letters is refused by the form before it is sent.
  await page.getByLabel("ZIP starts with").fill("97a");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByLabel("ZIP starts with")).toHaveJSProperty("validity.valid", false);
  await page.getByLabel("ZIP starts with").fill("972");

  await page.getByLabel("Search name or email").fill(name);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const table = page.getByRole("table", { name: "Subscribers, newest first" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).toContainText(`${email.slice(0, 2)}***@example.com`);
  await expect(table).not.toContainText(email);
  await expect(table.getByRole("row").filter({ hasText: `${name}b` })).toContainText("Pending");
  await expect(page.getByText("Pending confirmation", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Show full emails" }).click();
  await expect(table).toContainText(email);

  await table.getByRole("button", { name, exact: true }).click();
  const drawer = page.getByRole("dialog", { name });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(email);
  await expect(drawer).toContainText(/Confirmed .* — 10\.\d+\.\d+\.\d+/);
  const history = drawer.getByRole("list", { name: "Emails sent, newest first" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("Weekly action");
  await expect(history).toContainText("sent");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // Export only the first person: search narrows by the whole name's prefix plus its email.
  await page.getByLabel("Search name or email").fill(email);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  // The export is prepared in the background (decision 250): "Preparing…", then a link to the file.
  await page.getByRole("button", { name: "Export CSV" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preparing the CSV…" })).toBeVisible();
  const link = page.getByRole("link", { name: /^Download subscribers-\d{4}-\d{2}-\d{2}\.csv$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("first_name,email,zip_code,status,subscribed_at,unsubscribed_at,last_weekly_email_at");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${name},${email},97201,active,`);
  expect(lines[1]).toContain("2026-11-16T17:00:00.000Z");
  expect(csv).not.toContain(other);
});

test("a member downloads their data and deletes their account", async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("leaving");
  await signInWithMagicLink(page, request, email, "/my-progress");
  // The link exchange is one request, but it waits behind every other worker on a loaded machine.
  await expect(page).toHaveURL(/\/my-progress$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "My Progress" })).toBeVisible();

  await page.getByRole("button", { name: "Download my data" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preparing your data…" })).toBeVisible();
  const link = page.getByRole("link", { name: /^Download earthkind-my-data-\d{4}-\d{2}-\d{2}\.json$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^earthkind-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), "utf8")) as {
    profile: { email: string };
    sign_in_history: { action: string }[];
  };
  expect(data.profile.email).toBe(email);
  expect(data.sign_in_history.map((h) => h.action)).toContain("auth_success");
  await expectNoAxeViolations(page);

  const confirm = page.getByLabel("Type your email address to confirm");
  await confirm.fill("someone-else@example.com");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That doesn't match the email address of this account.")).toBeVisible();

  await confirm.fill(email);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page
      .getByRole("button", { name: "Sign In" })
      .or(page.getByRole("link", { name: "Sign In" }))
      .first(),
  ).toBeVisible();
  const mail = await latestMailTo(request, email, /account has been deleted/);
  expect(mail.text).toContain("signed out on every device");

  // Signed out everywhere: the page that needs a session sends us to sign in.
  await page.goto("/my-progress");
  await expect(page).toHaveURL(/\/auth/);
  expect(localD1(`SELECT id FROM users WHERE email = ${sqlText(email)}`)).toEqual([]);
});
