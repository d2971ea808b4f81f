import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { localD1, signInAsAdmin, subscribeConfirmed, uniqueEmail } from "./support";

const laDay = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(ms);

test("the dashboard shows the weekly email's waves, one per subscriber time zone", async ({ page, request }) => {
  test.setTimeout(120_000);
  // A New Yorker (ZIP 10001) and an Angeleno (90012): two zones, two waves.
  // Confirmed subscribers (double opt-in, decision 182): pending signups are in no wave.
  for (const zip of ["10001", "90012"])
    await subscribeConfirmed(request, { first_name: "Robin", email: uniqueEmail("wave"), zip_code: zip });
  // Its Monday is the latest one whose 09:00 Pacific (17:00Z at the latest) has passed, so its wave is
  // due now in every zone; the run goes on past today (whatever weekday the suite runs on).
  const now = Date.now();
  let monday = Date.parse(`${laDay(now)}T00:00:00Z`);
  while (new Date(monday).getUTCDay() !== 1 || monday + 17 * 3_600_000 > now) monday -= 86_400_000;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const title = `Wave watch ${now}`;
  // A complete action: it becomes the current one for the specs that run after this one.
  localD1(`INSERT INTO weekly_actions (id, title, slug, start_date, end_date, summary, why_it_matters, steps, materials, status, schedule_send)
    VALUES ('${randomUUID()}', '${title}', 'e2e-waves-${randomUUID()}', '${day(monday - 86_400_000)}', '${day(monday + 8 * 86_400_000)}',
            'Count the birds.', 'Counts tell scientists where birds are declining.', '["Sit still"]', '["A notebook"]', 'published', 1)`);
  const tick = await request.get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}&time=${now}`);
  expect(tick.status()).toBe(200);

  await signInAsAdmin(page, request, "waves-admin");
  await page.goto("/admin");
  await expect(
    page.getByText(/first Monday of their week .* 9:00 AM in each subscriber's own time zone/),
  ).toBeVisible();
  const section = page.getByRole("region", { name: `Waves: ${title}` });
  await expect(section).toBeVisible({ timeout: 30_000 });
  const table = section.getByRole("table", { name: "Send waves by time zone" });
  for (const zone of ["America/New_York", "America/Los_Angeles"]) {
    await expect(table.getByRole("row").filter({ hasText: zone })).toBeVisible();
  }
  await expect(table.getByRole("columnheader")).toHaveText([
    "Time zone",
    "Due at",
    "Recipients",
    "Sent",
    "Failed",
    "Pending",
  ]);
  // The waves send through the queue: pending reaches 0 (the panel refreshes while a send runs).
  await expect(table.getByRole("row").filter({ hasText: "America/New_York" }).getByRole("cell").last()).toHaveText(
    "0",
    {
      timeout: 60_000,
    },
  );
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("a signed bounce suppresses an address; the admin finds it and removes it from the list", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const secret = /^MAIL_WEBHOOK_SECRET="?([^"\n]+)"?$/m.exec(readFileSync(".dev.vars", "utf8"))?.[1];
  if (!secret) throw new Error("npm start / the e2e runner writes MAIL_WEBHOOK_SECRET into .dev.vars");
  const email = uniqueEmail("bounced");
  const hook = (credentials: string) =>
    request.post("/api/webhooks/mail/postmark", {
      headers: { Authorization: `Basic ${Buffer.from(credentials).toString("base64")}` },
      data: { RecordType: "Bounce", ID: Date.now(), Type: "HardBounce", TypeCode: 1, Email: email, MessageID: "m1" },
    });
  expect((await hook("postmark:wrong")).status()).toBe(401);
  expect((await hook(`postmark:${secret}`)).status()).toBe(200);

  await signInAsAdmin(page, request, "waves-admin");
  await page.goto("/admin/settings/email");
  await expect(page.getByRole("heading", { name: "Suppression list" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Suppressed addresses by reason" })).toContainText(/Hard bounce: \d+/);

  const search = page.getByLabel("Search suppressed addresses");
  await search.fill("no-such-address-anywhere");
  await expect(page.getByText("No suppressed address matches your search.")).toBeVisible();
  await search.fill(email.slice(0, 20));
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Hard bounce");

  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Remove from suppression list" }).click();
  // The toast, not Radix's screen-reader copy of it.
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText("Removed from the suppression list."),
  ).toBeVisible();
  await search.fill(email);
  await expect(page.getByText("No suppressed address matches your search.")).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
