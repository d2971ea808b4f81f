import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAsAdmin, subscribeConfirmed, uniqueEmail } from "./support";

// Issue 42: admin on a 390 px phone, and admin that guards what it sends (decisions 230–232, 234).

const PHONE = { width: 390, height: 844 };

const ADMIN_PATHS = [
  "/admin",
  "/admin/actions",
  "/admin/actions/new",
  "/admin/settings/petitions",
  "/admin/settings/email",
  "/admin/settings/tips",
  "/admin/security",
  "/admin/content-export",
  "/admin/status",
  "/admin/subscribers",
  "/admin/messages",
  "/admin/api",
];

/** The elements that reach past the viewport's right edge unclipped (for the failure message). */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return p.getBoundingClientRect().right <= width + 0.5;
      }
      return false;
    };
    return [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el))
      .slice(0, 8)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} [${Math.round(r.left)}–${Math.round(r.right)}]`;
      });
  });

async function settle(page: Page) {
  await expect(page.locator("h1")).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: /^(Loading|Checking)/ })).toHaveCount(0, { timeout: 15_000 });
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  // Polled: a table or panel that arrives late must not widen the page either, once it has arrived.
  let offenders: string[] = [];
  await expect
    .poll(
      async () => {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        offenders = width > PHONE.width ? await overflowing(page) : [];
        return width;
      },
      { message: `${path} scrolls sideways`, timeout: 3_000 },
    )
    .toBeLessThanOrEqual(PHONE.width)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nreaching past the edge: ${offenders.join(" | ")}`);
    });
}

// First, so the dashboard the phone test measures has a campaign table and the completions chart.
test("after Send Weekly Email Now the button says when and to how many it went (1280 px)", async ({
  page,
  request,
}) => {
  // Signing an admin in through the mailbox takes a while on a busy machine.
  test.slow();
  await subscribeConfirmed(request, { first_name: "Wren", email: uniqueEmail("send-reader") });
  await signInAsAdmin(page, request, "desk-send");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  // An admin sees Admin in the desktop header.
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin", exact: true })).toBeVisible();

  const send = page.getByRole("button", { name: "Send Weekly Email Now" });
  const sentButton = page.getByRole("button", { name: /^Sent on / });
  // Another spec may have sent this week's email already; then the button says so from the start.
  if (await sentButton.isVisible()) {
    await expect(sentButton).toBeDisabled();
  } else {
    await expect(page.getByText(/^Sends “.+” to [\d,]+ active subscribers?\.$/)).toBeVisible();
    page.once("dialog", (d) => {
      expect(d.message()).toMatch(/^Send this week's action email to [\d,]+ active subscribers? now\?$/);
      void d.accept();
    });
    await send.click();
    await expect(page.getByText("Weekly email triggered", { exact: true })).toBeVisible();
  }
  await expect(sentButton).toBeVisible({ timeout: 15_000 });
  await expect(sentButton).toHaveText(
    /^Sent on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M to [\d,]+ subscribers?$/,
  );
  await expect(sentButton).toBeDisabled();
  await expect(page.getByRole("button", { name: "Send Weekly Email Now" })).toHaveCount(0);
  // Reloaded, it still says so.
  await page.reload();
  await expect(page.getByRole("button", { name: /^Sent on / })).toBeDisabled({ timeout: 15_000 });

  // The completions chart is labelled: a named image with its axes and each send's date and total, and the same
  // in words beside it (decision 234).
  const chart = page.getByRole("img", { name: /^Completions per weekly email/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("text").filter({ hasText: /^Completions$/ })).toHaveCount(1);
  await expect(chart.locator("text").filter({ hasText: "Weekly send (date)" })).toHaveCount(1);
  await expect(
    chart
      .locator("text")
      .filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ })
      .first(),
  ).toBeAttached();
  await expect(
    page
      .getByRole("paragraph")
      .getByText(/^Latest send \([A-Z][a-z]{2} \d{1,2}, “.+”\): \d+ from the email, \d+ from the site/),
  ).toBeVisible();
});

test.describe("admin on a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test("no admin page scrolls sideways; tables scroll in their own box; the header links to Admin", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page, request, "phone-admin");
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await settle(page);
      await expectNoSidewaysScroll(page, path);
    }
    // An action's editor too.
    await page.goto("/admin/actions");
    await settle(page);
    await page
      .getByRole("link", { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Weekly Action" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).not.toHaveValue("");
    await expectNoSidewaysScroll(page, "/admin/actions/:id/edit");

    // The actions table is wider than the phone: it scrolls inside its own labelled box, not the page.
    await page.goto("/admin/actions");
    await settle(page);
    const table = page.getByRole("region", { name: "Weekly actions, newest start date first" });
    await expect(table).toBeVisible();
    const box = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.scroll).toBeGreaterThan(box.client);

    // The menu on a phone offers Admin to an admin.
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });

  test("Quick Setup leaves weeks that already have an action and says which", async ({ page, request }) => {
    // Signing an admin in through the mailbox takes a while on a busy machine.
    test.slow();
    await signInAsAdmin(page, request, "phone-quick");
    await page.goto("/admin/actions");
    await settle(page);
    await page.getByRole("button", { name: "Quick Setup" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("A week that already has an action is skipped.", { exact: false })).toBeVisible();
    await dialog.getByRole("button", { name: "Create Drafts" }).click();
    // The seed has published actions for the next four weeks: nothing to create, and the page names the weeks.
    const note = page
      .locator("main")
      .getByRole("status")
      .filter({ hasText: /Skipped the week of/ });
    await expect(note).toBeVisible();
    await expect(note).toContainText("No drafts were created.");
    await expect(note).toHaveText(/(“[^”]+” already runs then.*){3}/);
    await expect(note).toBeInViewport();
    await expect(page.getByRole("row", { name: /weekly-action-\d{4}-\d{2}-\d{2}/ })).toHaveCount(0);
  });

  test("Publish lists what a subscriber would miss, with the send day and the number of subscribers", async ({
    page,
    request,
  }) => {
    // Signing an admin in through the mailbox takes a while on a busy machine.
    test.slow();
    await subscribeConfirmed(request, { first_name: "Robin", email: uniqueEmail("publish-reader") });
    await signInAsAdmin(page, request, "phone-publish");
    await page.goto("/admin/actions/new");
    await settle(page);
    const stamp = Date.now();
    await page.getByLabel("Title", { exact: true }).fill(`Count Swifts ${stamp}`);
    await page.getByLabel("Start Date", { exact: true }).fill("2031-06-08");
    await page.getByLabel("End Date", { exact: true }).fill("2031-06-14");
    await page.getByLabel("Summary (160-220 characters)").fill("Count the swifts.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: `Publish “Count Swifts ${stamp}”?` });
    await expect(dialog).toBeVisible();
    const missing = dialog.getByRole("list", { name: "Missing from this action" });
    await expect(missing.getByRole("listitem")).toHaveText([
      "The summary is 17 characters (the label asks for 160–220)",
      "No steps under How to Do It",
      "No image",
      "No Why It Matters",
    ]);
    await expect(dialog).toContainText(
      /The weekly email goes out on Monday, Jun 9, 2031 at 9:00 AM in each subscriber's time zone, to [\d,]+ active subscribers?\./,
    );
    const count = Number(
      (/to ([\d,]+) active subscriber/.exec((await dialog.textContent()) ?? "")?.[1] ?? "0").replace(/,/g, ""),
    );
    expect(count).toBeGreaterThanOrEqual(1);
    await expect(dialog.getByRole("button", { name: "Publish Anyway" })).toBeInViewport();
    expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);

    // Keep editing: nothing was saved.
    await dialog.getByRole("button", { name: "Keep Editing" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/actions\/new$/);
    await expectNoSidewaysScroll(page, "/admin/actions/new with the dialog closed");

    // Publish anyway: it is published.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Publish Anyway" }).click();
    await expect(page).toHaveURL(/\/admin\/actions$/);
    await expect(page.getByRole("row", { name: new RegExp(`Count Swifts ${stamp}`) })).toContainText("Published");
  });
});
