import { currentAction, signInWithMagicLink } from "./actions-helpers";
import { toasts } from "./events-admin-support";
import { expect, test } from "./fixtures";
import { uniqueEmail, waitForHydration } from "./support";

// Copy the spec gives (§2 screens, §8 messages) that no other journey shows, typed from the spec.

test("copy link on an action page: 'Copied!' / 'Link copied to clipboard'", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const action = await currentAction(request);
  await page.goto(`/actions/${action.slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Copy Link" }).click();
  await expect(toasts(page).getByText("Copied!", { exact: true })).toBeVisible();
  await expect(toasts(page).getByText("Link copied to clipboard", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/actions/${action.slug}$`));
});

test("My Progress with nothing recorded: 'No actions completed yet' and 'Explore Actions' to /", async ({
  page,
  request,
}) => {
  await signInWithMagicLink(page, request, uniqueEmail("copy-progress"), "/my-progress");
  await expect(page).toHaveURL(/\/my-progress$/);
  await expect(page.getByText("No actions completed yet", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore Actions" })).toHaveAttribute("href", "/");
  for (const label of ["Actions Completed", "With Notes", "Days Active"]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
});
