import AxeBuilder from "@axe-core/playwright";
import { currentAction, magicLinkFrom } from "./actions-helpers";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, latestMailTo, localD1, openSignInLink, uniqueEmail, waitForHydration } from "./support";

// The This-Week's-Action card is exercised on /actions: the home page that will also show it is
// assembled by the petitions feature. The visitor still starts from home, via the hero button.
test("a visitor opens the current action from home, copies its link, completes it via magic link and sees it on My Progress", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const errors = collectConsoleErrors(page);
  const action = await currentAction(request);

  await page.goto("/");
  await page.getByRole("link", { name: "This Week's Action" }).first().click();
  await expect(page).toHaveURL(/\/actions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Weekly Actions" })).toBeVisible();

  const card = page.locator("#weekly-action");
  await expect(card.getByRole("heading", { name: action.title })).toBeVisible();
  await expect(card.getByText("4.8 rating")).toBeVisible();
  await expect(card.getByText("2,847 participants")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Past Actions" })).toBeVisible();
  await expect(page.locator("#signup")).toBeAttached();

  await card.getByRole("link", { name: action.cta_label }).click();
  await expect(page).toHaveURL(new RegExp(`/actions/${action.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: action.title })).toBeVisible();
  await expect(page.getByText("This Week's Action", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How to Do It" })).toBeVisible();

  // Share: copy link.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Copy Link" }).click();
  await expect(page.getByText("Link copied to clipboard", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await expect(page.getByRole("link", { name: /Share on X/ })).toHaveAttribute("href", /twitter\.com\/intent\/tweet/);
  await expect(page.getByRole("link", { name: /Share on Facebook/ })).toHaveAttribute("href", /facebook\.com\/sharer/);

  // Completion while signed out: notes → Track Progress → magic link.
  await page.getByRole("button", { name: "Mark as Complete" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Notes (optional)").fill("Planted a pot of milkweed");
  await dialog.getByRole("button", { name: "Track Progress" }).click();
  const send = dialog.getByRole("button", { name: "Send Magic Link" });
  await expect(send).toBeDisabled();
  const email = uniqueEmail("visitor");
  await dialog.getByLabel("Email").fill(email);
  await send.click();
  await expect(dialog.getByRole("heading", { name: "Check your email!" })).toBeVisible();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog).toBeHidden();

  // The link records the completion as it signs them in (decision 212) and brings them back to the action, which
  // says so once its button is on screen.
  const mail = await latestMailTo(request, email, /sign-in link/i);
  await openSignInLink(page, magicLinkFrom(mail));
  await expect(page).toHaveURL(new RegExp(`/actions/${action.slug}$`), { timeout: 15_000 });
  await expect(page.getByText("Action completed! 🎉", { exact: true })).toBeVisible();
  await page
    .getByRole("button", { name: /^(Mark as Complete|Completed!)$/ })
    .first()
    .scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: "Completed!" })).toBeDisabled({ timeout: 15_000 });

  await page.goto("/my-progress");
  await expect(page.getByRole("heading", { level: 1, name: "My Progress" })).toBeVisible();
  await expect(page.getByRole("link", { name: action.title })).toBeVisible();
  await expect(page.getByText("Planted a pot of milkweed")).toBeVisible();
  await expect(page.getByText("Actions Completed")).toBeVisible();

  // Signed in: a past action is recorded straight away.
  await page.goto("/actions");
  const past = page.getByRole("region", { name: "Past Actions" }).getByRole("link").first();
  const pastTitle = (await past.getByRole("heading").textContent()) ?? "";
  await past.click();
  await page.getByRole("button", { name: "Mark as Complete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Record Completion" }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Completion recorded!" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("button", { name: "Completed!" })).toBeDisabled();
  await page.goto("/my-progress");
  await expect(page.getByRole("link", { name: pastTitle })).toBeVisible();

  expect(errors.filter((e) => !/status of 40[14]/.test(e))).toEqual([]);
});

test("action pages pass axe, and an unknown slug shows 'Action not found' with status 404", async ({
  page,
  request,
}) => {
  const action = await currentAction(request);
  for (const path of ["/actions", `/actions/${action.slug}`]) {
    await page.goto(path);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 10_000 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, path).toEqual([]);
  }
  // The completion dialog, both steps.
  await page.getByRole("button", { name: "Mark as Complete" }).click();
  expect((await new AxeBuilder({ page }).analyze()).violations, "completion dialog").toEqual([]);
  await page.getByRole("dialog").getByRole("button", { name: "Track Progress" }).click();
  expect((await new AxeBuilder({ page }).analyze()).violations, "auth step").toEqual([]);
  await page.keyboard.press("Escape");

  const response = await page.goto("/actions/no-such-action");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Action not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Weekly Actions" })).toHaveAttribute("href", "/actions");
});

test("the preview page shows the not-found view to visitors", async ({ page }) => {
  await page.goto("/actions/preview/00000000-0000-0000-0000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "Action Not Found" })).toBeVisible();
  await expect(page.getByText("The action you're trying to preview doesn't exist.")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("/actions pages through older actions, and a failed read shows an error with a retry", async ({
  page,
  request,
}) => {
  test.slow();
  // Two actions older than the seed's archive (nine past weeks): the archive now has a second page.
  const run = Date.now();
  const older = [0, 1].map((i) => ({
    title: `Older Action ${run}-${i}`,
    slug: `older-action-${run}-${i}`,
    weeks: 60 + i,
  }));
  const day = (weeksAgo: number, plus: number) =>
    new Date(Date.now() - weeksAgo * 7 * 86_400_000 + plus * 86_400_000).toISOString().slice(0, 10);
  localD1(`INSERT INTO weekly_actions (id, title, slug, start_date, end_date, summary, why_it_matters, steps, materials, status, published_at)
    VALUES ${older
      .map(
        (a) =>
          `(lower(hex(randomblob(16))), '${a.title}', '${a.slug}', '${day(a.weeks, 0)}', '${day(a.weeks, 6)}',
            'An older action for the archive.', 'It helps.', '["Do it"]', '[]', 'published', '${new Date().toISOString()}')`,
      )
      .join(", ")}`);
  type Page = { actions: { title: string }[]; next_cursor: string | null };
  const firstPage = (await (await request.get("/api/actions?limit=10")).json()) as Page;
  expect(firstPage.actions).toHaveLength(10);
  expect(firstPage.next_cursor).not.toBeNull();

  // The rows went in behind the admin API, which is what refreshes the edge cache of anonymous pages
  // (decision 141): another query string is another cache entry, rendered now.
  await page.goto(`/actions?fresh=${run}`);
  const archive = page.getByRole("region", { name: "Past Actions" });
  const oldest = archive.getByRole("heading", { name: older[1]?.title });
  await expect(archive.getByRole("listitem").first()).toBeVisible();
  const shown = await archive.getByRole("listitem").count();
  await expect(oldest).toHaveCount(0);
  const showOlder = page.getByRole("button", { name: "Show older actions" });
  await expect(showOlder).toBeVisible();

  // The next page fails once: the list stays, with an error and a retry in place of the button.
  await page.route(/\/api\/actions\?/, (route) => route.fulfill({ status: 500, body: "" }));
  await showOlder.click();
  await expect(archive.getByRole("alert")).toContainText("Failed to load older actions.");
  await expect(archive.getByRole("listitem")).toHaveCount(shown);
  await page.unroute(/\/api\/actions\?/);
  await archive.getByRole("button", { name: "Try again" }).click();
  while (await showOlder.isVisible()) await showOlder.click();
  await expect(oldest).toBeVisible();
  await expect(archive.getByRole("heading", { name: older[0]?.title })).toBeVisible();
  await expect(showOlder).toBeHidden();
  expect(await archive.getByRole("listitem").count()).toBeGreaterThan(shown);
  await expect(page.locator("h1")).toHaveCount(1);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Arriving from a page of the single-page app (an action's preview, rendered in the browser: it renders /actions
  // itself, with no server-rendered data) while the API fails: errors with a retry, not the default action or
  // "coming soon".
  await page.goto("/actions/preview/not-an-action");
  await page.route(/\/api\/actions(\/current)?(\?|$)/, (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("navigation").getByRole("link", { name: "Actions", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Weekly Actions" })).toBeVisible();
  await expect(page.getByText("Failed to load this week's action.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Failed to load past actions.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/coming soon/)).toHaveCount(0);
  await expect(page.getByText("Plant Native Wildflowers for Local Pollinators")).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.unroute(/\/api\/actions(\/current)?(\?|$)/);
  await page.locator("#weekly-action").getByRole("button", { name: "Try again" }).click();
  await archive.getByRole("button", { name: "Try again" }).click();
  await expect(page.locator("#weekly-action").getByText("This Week's Action", { exact: true })).toBeVisible();
  await expect(archive.getByRole("listitem").first()).toBeVisible();
});
