import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { localD1, signInAsAdmin } from "./support";

test("an admin sees an open alert on the dashboard, acknowledges it, and the status page renders", async ({
  page,
  request,
}) => {
  // Sign-in and an admin grant through wrangler.
  test.setTimeout(90_000);
  // An alert as the dead-letter consumer raises it (set up in the database, like the admin grant).
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  localD1(
    `INSERT INTO alerts (id, kind, subject, day, details, count, first_seen_at, last_seen_at)
     VALUES ('${id}', 'dead_letter', 'earthkind-email-dlq', '${now.slice(0, 10)}',
             '2 message(s) (weekly) exhausted their retries and reached earthkind-email-dlq.', 2, '${now}', '${now}')`,
  );
  await signInAsAdmin(page, request, "ops-admin");

  await page.goto("/admin");
  const panel = page
    .getByRole("heading", { level: 2, name: "Alerts" })
    .locator("xpath=ancestor::div[contains(@class,'rounded-card')]");
  const alert = panel.getByRole("listitem").filter({ hasText: "Messages in a dead-letter queue" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("2 message(s) (weekly) exhausted their retries");
  await expect(alert).toContainText("2 times");
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await alert.getByRole("button", { name: /^Acknowledge/ }).click();
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Alert acknowledged");
  await expect(alert).toHaveCount(0);
  expect(localD1(`SELECT acknowledged_at FROM alerts WHERE id = '${id}'`)[0]?.acknowledged_at).toBeTruthy();

  // The status page, reached from the admin navigation.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Status" }).click();
  await expect(page).toHaveURL(/\/admin\/status$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("System Status");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByText("Version")).toBeVisible();
  await expect(page.getByRole("table", { name: "Health of each event source" })).toBeVisible();
  // Other specs may raise alerts of their own; the acknowledged one is not among the open ones.
  await expect(page.getByRole("heading", { level: 2, name: /^Open alerts \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText("2 message(s) (weekly) exhausted their retries")).toHaveCount(0);
  // The acknowledgement's toast closes after 5 s with a fade: axe would judge its colours mid-fade (a loaded machine
  // reaches this line about then), so the page is checked once it has gone.
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Alert acknowledged")).toHaveCount(0, {
    timeout: 15_000,
  });
  const statusAxe = await new AxeBuilder({ page }).analyze();
  expect(statusAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
