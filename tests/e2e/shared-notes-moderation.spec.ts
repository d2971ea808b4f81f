import type { APIRequestContext, Page } from "@playwright/test";
import { currentAction, signInWithMagicLink } from "./actions-helpers";
import { toasts } from "./events-admin-support";
import { expect, test } from "./fixtures";
import { latestMailTo, localD1, signInAsAdmin, uniqueEmail } from "./support";

// A member signs in through the mailbox, an admin too, and two test sends go through the queue-free path.
test.describe.configure({ timeout: 240_000 });

/** The action the current one's email quotes under "Last week": the one that started just before it. */
function lastWeekAction(currentId: string): { slug: string; title: string } {
  const [row] = localD1(
    `SELECT slug, title FROM weekly_actions WHERE status = 'published' AND start_date < (SELECT start_date FROM weekly_actions WHERE id = '${currentId}') ORDER BY start_date DESC LIMIT 1`,
  );
  if (!row) throw new Error("the seeded database has no action before the current one");
  return row as { slug: string; title: string };
}

/** The current action's weekly email, sent to a fresh address from the admin's Test Send dialog. */
async function testSend(admin: Page, request: APIRequestContext) {
  const to = uniqueEmail("notes-test-send");
  await admin.goto("/admin/actions");
  await admin.getByRole("button", { name: "Test Send" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Email address").fill(to);
  await dialog.getByRole("button", { name: "Send Test" }).click();
  return latestMailTo(request, to);
}

test("an admin approves a pending shared note, and only then does the weekly email quote it, as plain text", async ({
  page,
  browser,
  request,
}) => {
  const current = await currentAction(request);
  const last = lastWeekAction(current.id);
  const stamp = Date.now();
  const note = `Approve me ${stamp}: the guide at www.pollinators.example helped`;

  await signInWithMagicLink(page, request, uniqueEmail("note-author"), `/actions/${last.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: last.title })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Mark as Complete" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Notes (optional)").fill(note);
  await dialog.getByRole("checkbox", { name: "Share my note anonymously" }).click();
  await dialog.getByRole("button", { name: "Record Completion" }).click();
  await expect(dialog.getByRole("heading", { name: "Completion recorded!" })).toBeVisible({ timeout: 20_000 });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminEmail = await signInAsAdmin(admin, admin.request, "notes-admin");
  await admin.goto("/admin");
  await expect(admin.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible({ timeout: 30_000 });

  // The dashboard counts the queue and links to the list, where the new note waits as pending.
  const queue = admin.getByTestId("shared-notes-queue").getByRole("link", { name: /shared notes? waiting for review/ });
  await expect(queue).toBeVisible();
  await queue.click();
  await expect(admin).toHaveURL(/#shared-notes$/);
  const row = admin.getByTestId("shared-note").filter({ hasText: `Approve me ${stamp}` });
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  // Plain text: the URL in the note is no link on the admin's screen either.
  await expect(row.getByRole("link")).toHaveCount(0);

  // Pending: the weekly email does not quote it.
  const before = await testSend(admin, request);
  expect(before.html).toContain(last.title);
  expect(before.html).not.toContain(`Approve me ${stamp}`);
  expect(before.text).not.toContain(`Approve me ${stamp}`);

  await admin.goto("/admin#shared-notes");
  const pendingRow = admin.getByTestId("shared-note").filter({ hasText: `Approve me ${stamp}` });
  await pendingRow.getByRole("button", { name: "Approve this note" }).click();
  await expect(toasts(admin).getByText("Note approved", { exact: true })).toBeVisible();
  await expect(pendingRow.getByText("Approved", { exact: true })).toBeVisible();
  await expect(pendingRow).toContainText(`Approved by ${adminEmail}`);

  // Approved: quoted, without a name, with the URL broken up so no mail client links it.
  const after = await testSend(admin, request);
  expect(after.html).toContain(`Approve me ${stamp}: the guide at www.&#8203;pollinators.&#8203;example helped`);
  expect(after.html).not.toContain("www.pollinators.example");
  expect(after.text).toContain(`Approve me ${stamp}: the guide at www.\u200Bpollinators.\u200Bexample helped`);
  await adminContext.close();
});
