import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { currentAction, signInWithMagicLink } from "./actions-helpers";
import { toasts } from "./events-admin-support";
import { expect, test } from "./fixtures";
import { completeSecondFactor, grantAdmin, uniqueEmail } from "./support";

// Each test signs in through the mailbox and runs several round trips: a loaded machine needs room.
test.describe.configure({ timeout: 240_000 });

type Action = { id: string; slug: string; title: string; impact?: { completed_count: number } };

/** The oldest past action in the archive: the other browser tests record the current and newest past ones. */
async function quietPastAction(request: APIRequestContext): Promise<Action> {
  const { actions } = (await (await request.get("/api/actions?limit=10")).json()) as { actions: Action[] };
  const action = actions.at(-1);
  if (!action) throw new Error("the seeded database has no past action");
  return action;
}

async function expectToast(page: Page, title: string) {
  await expect(toasts(page).getByText(title, { exact: true })).toBeVisible();
}

async function signInAsAdmin(page: Page) {
  const email = uniqueEmail("impact-admin");
  grantAdmin(email);
  await signInWithMagicLink(page, page.request, email, "/admin");
  await completeSecondFactor(page);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible({ timeout: 30_000 });
}

test("a member records a completion with a shared note and the action page's count changes", async ({
  page,
  browser,
  request,
}) => {
  const action = await quietPastAction(request);
  const before = ((await (await request.get(`/api/actions/${action.slug}`)).json()) as { action: Required<Action> })
    .action.impact.completed_count;

  await signInWithMagicLink(page, request, uniqueEmail("sharer"), `/actions/${action.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: action.title })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Mark as Complete" }).click();
  const dialog = page.getByRole("dialog");
  const share = dialog.getByRole("checkbox", { name: "Share my note anonymously" });
  await expect(share).not.toBeChecked();
  const note = `Our block planted a pollinator strip <together> ${Date.now()}`;
  await dialog.getByLabel("Notes (optional)").fill(note);
  await share.click();
  await expect(share).toBeChecked();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await dialog.getByRole("button", { name: "Record Completion" }).click();
  await expect(dialog.getByRole("heading", { name: "Completion recorded!" })).toBeVisible({
    timeout: 20_000,
  });

  // The count on the page follows without a reload, once the visitor is back at the top: it is an island of its own,
  // hydrated when on screen (at zero it shows nothing, decision 212).
  await dialog.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { level: 1, name: action.title }).scrollIntoViewIfNeeded();
  const after = before + 1;
  await expect(page.getByTestId("action-impact")).toContainText(
    `${after} ${after === 1 ? "member" : "members"} did this`,
  );

  // The admin sees the shared note (escaped, no name) and can hide it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const row = admin.getByTestId("shared-note").filter({ hasText: note });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Hide this note" }).click();
  await expectToast(admin, "Note hidden");
  await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
  await adminContext.close();
});

test("My Progress shows the streak and the weeks since joining, as text for screen readers, on a phone", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const action = await currentAction(request);
  await signInWithMagicLink(page, request, uniqueEmail("streak"), `/actions/${action.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: action.title })).toBeVisible({ timeout: 30_000 });

  await page.goto("/my-progress");
  await expect(page.getByRole("heading", { level: 1, name: "My Progress" })).toBeVisible({ timeout: 20_000 });
  // A member who joined this week has one week, not nine "missed" ones before it (decision 228).
  const strip = page.getByRole("list", { name: "This week" });
  await expect(strip.getByRole("listitem")).toHaveCount(1);
  await expect(strip.getByRole("listitem").last()).toHaveText(/: this week, not done yet$/);
  await expect(page.getByText(/: missed$/)).toHaveCount(0);
  await expect(
    page.getByText(
      "Your weeks start the week you joined. A week counts when you record that week's action, even if you record it later.",
    ),
  ).toBeVisible();

  await page.goto(`/actions/${action.slug}`);
  await page.getByRole("button", { name: "Mark as Complete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Record Completion" }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Completion recorded!" })).toBeVisible({
    timeout: 20_000,
  });

  await page.goto("/my-progress");
  const current = page.locator("div", { has: page.getByText("Current Streak", { exact: true }) }).last();
  await expect(current.locator("dd")).toHaveText("1week");
  await expect(strip.getByRole("listitem").last()).toHaveText(/Week of .+: done$/);
  await expect(strip.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText(/: missed$/)).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("an admin adds, deactivates and reorders tips, and /actions shows this week's tip", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings/tips");
  await expect(page.getByRole("heading", { level: 1, name: "Sustainable Living Tips" })).toBeVisible({
    timeout: 20_000,
  });
  const rows = page.getByTestId("admin-tip");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(30);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Add, after the form's own messages.
  await page.getByRole("button", { name: "Add Tip" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Tip" });
  await dialog.getByRole("button", { name: "Add Tip" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Tip text is required")).toBeVisible();
  const title = `Bring a mug ${Date.now()}`;
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Tip text").fill("x".repeat(401));
  await dialog.getByLabel("Source link (optional)").fill("ftp://example.org");
  await dialog.getByRole("button", { name: "Add Tip" }).click();
  await expect(dialog.getByText("Tip text must be 400 characters or less")).toBeVisible();
  await expect(dialog.getByText("Link must start with http:// or https://")).toBeVisible();
  await dialog.getByLabel("Tip text").fill("A reusable mug skips a paper cup every day.");
  await dialog
    .getByLabel("Source link (optional)")
    .fill("https://www.epa.gov/recycle/reducing-and-reusing-basic-materials");
  await dialog.getByLabel("Topic").selectOption("shopping");
  await dialog.getByRole("button", { name: "Add Tip" }).click();
  await expectToast(page, "Tip added");
  await expect(rows).toHaveCount(count + 1);
  const added = rows.last();
  await expect(added.locator("h2")).toHaveText(title);
  await expect(added.getByText("Active", { exact: true })).toBeVisible();

  // Deactivate.
  await added.getByRole("button", { name: `Deactivate ${title}` }).click();
  await expectToast(page, "Tip deactivated");
  await expect(added.getByText("Inactive", { exact: true })).toBeVisible();

  // Keyboard reorder: three places up with the row's "Move up" button.
  await page.getByRole("button", { name: `Move up ${title}` }).focus();
  for (let position = count; position >= count - 2; position--) {
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("reorder-status")).toHaveText(
      `${title} moved to position ${position} of ${count + 1}.`,
    );
  }
  await expectToast(page, "Order updated");
  await page.reload();
  await expect(rows.nth(count - 3).locator("h2")).toHaveText(title);
  await expect(rows.nth(count - 3).getByText("Inactive", { exact: true })).toBeVisible();

  // /actions shows the current tip: an active one, never the deactivated one.
  const { tip } = (await (await page.request.get("/api/tips/current")).json()) as { tip: { title: string } };
  await page.goto("/actions");
  const card = page.getByTestId("current-tip");
  await expect(card.getByRole("heading", { name: tip.title })).toBeVisible();
  expect(tip.title).not.toBe(title);
});
