import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { completeSecondFactor, grantAdmin, latestMailTo, openSignInLink, uniqueEmail } from "./support";

// Everything that reads or changes the one petitions list runs in this file, in order, so parallel
// workers never see each other's half-finished edits.
test.describe.configure({ mode: "serial" });

type ApiPetition = { id: string; title: string; url: string; link: string };

/** Petition sites are remote hosts: answer them here so the new tab has a page (no internet in tests). */
async function answerRemoteHosts(context: BrowserContext) {
  await context.route(
    (url) => !["localhost", "127.0.0.1"].includes(url.hostname),
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Petition</title>" }),
  );
}

async function firstHomePetition(request: APIRequestContext): Promise<ApiPetition> {
  const res = await request.get("/api/petitions?campaign=petitions_home");
  const { petitions } = (await res.json()) as { petitions: ApiPetition[] };
  if (!petitions[0]) throw new Error("no verified petitions to show");
  return petitions[0];
}

function expectTracked(opened: string, petitionUrl: string, campaign: string) {
  const url = new URL(opened);
  const original = new URL(petitionUrl);
  expect(url.origin + url.pathname).toBe(original.origin + original.pathname);
  expect(url.searchParams.get("utm_source")).toBe("website");
  expect(url.searchParams.get("utm_medium")).toBe("quick_wins");
  expect(url.searchParams.get("utm_campaign")).toBe(campaign);
}

async function expectOpensPetition(
  context: BrowserContext,
  petition: ApiPetition,
  act: () => Promise<void>,
  campaign = "petitions_home",
  timeout?: number,
) {
  const [popup] = await Promise.all([context.waitForEvent("page", { timeout }), act()]);
  await popup.waitForLoadState("domcontentloaded");
  expectTracked(popup.url(), petition.url, campaign);
  // noopener: the petition site gets no handle on our window.
  expect(await popup.evaluate(() => window.opener === null)).toBe(true);
  await popup.close();
}

/**
 * The first click on a card. The petitions block is a lazily loaded chunk that hydrates after the page's
 * shell (html[data-hydrated]); React drops a click that lands on it before then, as it would a visitor's,
 * so click again until the petition opens.
 */
async function expectHeadingClickOpens(
  context: BrowserContext,
  card: Locator,
  petition: ApiPetition,
  campaign: string,
) {
  await expect(async () => {
    await expectOpensPetition(context, petition, () => card.getByRole("heading").click(), campaign, 5_000);
  }).toPass({ timeout: 40_000 });
}

test.describe("Quick Wins petitions on home", () => {
  test("a card opens its petition with the UTM parameters: click, button, Enter and Space", async ({
    page,
    context,
    request,
  }) => {
    await answerRemoteHosts(context);
    const petition = await firstHomePetition(request);
    await page.goto("/");
    const block = page.locator("#petitions");
    await expect(block.getByRole("heading", { name: "Quick Wins to Protect Nature" })).toBeVisible();
    const cards = block.getByTestId("petition-card");
    expect(await cards.count()).toBeLessThanOrEqual(3);
    const card = cards.first();
    await expect(card.getByRole("heading")).toHaveText(petition.title);

    await expectHeadingClickOpens(context, card, petition, "petitions_home");
    await expectOpensPetition(context, petition, () => card.getByRole("link", { name: /^Sign Petition/ }).click());

    await card.focus();
    await expectOpensPetition(context, petition, () => page.keyboard.press("Enter"));
    await card.focus();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await expectOpensPetition(context, petition, () => page.keyboard.press("Space"));
    // Space opened the petition instead of scrolling the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  });
});

test("the action page shows at most 3 petitions, tracked with utm_campaign=petitions_action", async ({
  page,
  context,
  request,
}) => {
  await answerRemoteHosts(context);
  const { action } = (await (await request.get("/api/actions/current")).json()) as { action: { slug: string } | null };
  // The seed always has a current action; its absence is a failure, not a reason to skip.
  expect(action).not.toBeNull();
  if (!action) return;
  const petition = await firstHomePetition(request);
  await page.goto(`/actions/${action?.slug}`);
  const block = page.locator("#action-petitions");
  await expect(block.getByRole("heading", { name: "Quick Wins to Protect Nature" })).toBeVisible();
  expect(await block.getByTestId("petition-card").count()).toBeLessThanOrEqual(3);
  const card = block.getByTestId("petition-card").first();
  await expect(card.getByRole("heading")).toHaveText(petition.title);
  await expectHeadingClickOpens(context, card, petition, "petitions_action");
});

async function signInAsAdmin(page: Page) {
  const email = uniqueEmail("petitions-admin");
  grantAdmin(email);
  const sent = await page.request.post("/api/auth/magic-link", { data: { email } });
  expect(sent.ok()).toBe(true);
  const mail = await latestMailTo(page.request, email);
  const link = /\/auth\/verify\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no sign-in link in the magic-link email");
  await openSignInLink(page, link);
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeAttached();
  await page.goto("/admin");
  await completeSecondFactor(page);
}

const rows = (page: Page) => page.getByTestId("admin-petition");
const rowTitles = (page: Page) => rows(page).locator("h2").allTextContents();

async function expectToast(page: Page, title: string, description?: string) {
  // One locator for both texts: a toast is matched whole, not its title first and its text later
  // (by then a short-lived toast, or Radix's screen-reader copy of it, may be gone).
  let toast = page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await expect(toast.first()).toBeVisible();
}

async function dragBy(page: Page, handle: Locator, dx: number, dy: number) {
  const box = await handle.boundingBox();
  if (!box) throw new Error("handle is not visible");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 5, y + 5, { steps: 2 });
  await page.mouse.move(x + dx, y + dy, { steps: 15 });
  await page.mouse.up();
}

test.describe("admin petitions", () => {
  test("an admin adds, edits, reorders (mouse and keyboard) and deletes petitions", async ({ page, context }) => {
    test.setTimeout(120_000);
    await answerRemoteHosts(context);
    await signInAsAdmin(page);
    await page.goto("/admin/settings/petitions");
    await expect(page.getByRole("heading", { level: 1, name: "Petitions" })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    const before = await rowTitles(page);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // Add, with the spec's validation messages on the way.
    await page.getByRole("button", { name: "Add Petition" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Petition" });
    await expect(dialog.getByRole("checkbox", { name: /Verified/ })).toBeChecked();
    await expect(dialog.getByLabel("State (optional)")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Add Petition" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByText("Must be a valid HTTPS URL")).toBeVisible();
    await expect(dialog.getByText("Organization name is required")).toBeVisible();
    const title = `Save the Bee Meadows ${Date.now()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Petition URL").fill("http://petitions.example.org/bees");
    await dialog.getByLabel("Organization name").fill("pollinator partnership");
    await dialog.getByLabel("Image URL (optional)").fill("not a url");
    await dialog.getByRole("button", { name: "Add Petition" }).click();
    await expect(dialog.getByText("URL must use HTTPS")).toBeVisible();
    await expect(dialog.getByText("Must be a valid URL")).toBeVisible();
    await dialog.getByLabel("Petition URL").fill("https://petitions.example.org/bees");
    // An image that will not load: the public card must fall back to the wildflower.
    await dialog.getByLabel("Image URL (optional)").fill("https://images.example.org/broken-bees.jpg");
    await dialog.getByLabel("Topic").selectOption("wildlife");
    await dialog.getByLabel("Scope").selectOption("state");
    await dialog.getByLabel("State (optional)").selectOption("OR");
    await dialog.getByRole("button", { name: "Add Petition" }).click();
    await expectToast(page, "Petition added", "Changes saved successfully.");
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(before.length + 1);
    const added = rows(page).last();
    await expect(added.locator("h2")).toHaveText(title);
    await expect(added).toContainText("pollinator partnership");
    for (const badge of ["Wildlife", "OR", "Verified"])
      await expect(added.getByText(badge, { exact: true })).toBeVisible();
    await expect(added.getByRole("link", { name: /^Open/ })).toHaveAttribute(
      "href",
      "https://petitions.example.org/bees",
    );

    // Keyboard reorder: the row's "Move up" button, pressed with Enter until the row is first, without
    // waiting for each save (they run in order). Focus stays on the button as its row moves, and at
    // the top the button is inert. After a reload the server's order is the last one pressed.
    let savesDone = 0;
    page.on("requestfinished", (request) => {
      if (request.method() !== "GET" && new URL(request.url()).pathname.startsWith("/api/admin/petitions")) savesDone++;
    });
    const moveUp = page.getByRole("button", { name: `Move up ${title}` });
    await moveUp.focus();
    for (let position = before.length; position >= 1; position--) {
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("reorder-status")).toHaveText(
        `${title} moved to position ${position} of ${before.length + 1}.`,
      );
    }
    await expect(moveUp).toBeFocused();
    await expect(moveUp).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    await expect(rows(page).first().locator("h2")).toHaveText(title);
    await expectToast(page, "Order updated");
    // One save per move, none for the press at the top.
    await expect.poll(() => savesDone).toBe(before.length);
    await page.reload();
    await expect(rows(page).first().locator("h2")).toHaveText(title);

    // The public block now shows it first, with the default image after the broken one fails.
    const home = await context.newPage();
    await home.goto("/");
    const firstCard = home.locator("#petitions").getByTestId("petition-card").first();
    await expect(firstCard.getByRole("heading")).toHaveText(title);
    // Card images load lazily: bring it into view so the broken image is requested (and fails).
    await firstCard.scrollIntoViewIfNeeded();
    await expect(firstCard.locator("img")).toHaveAttribute("src", "/images/wildflower-default.svg");
    await expect(firstCard.getByTestId("location-badge")).toHaveText("OR");
    await expect(firstCard).toContainText("PP");
    await home.close();

    // Mouse reorder: drag the second row above the first.
    const second = (await rowTitles(page))[1] ?? "";
    await page.reload();
    const [firstBox, secondBox] = [await rows(page).nth(0).boundingBox(), await rows(page).nth(1).boundingBox()];
    if (!firstBox || !secondBox) throw new Error("rows are not visible");
    await dragBy(page, rows(page).filter({ hasText: second }).getByTestId("drag-handle"), 0, firstBox.y - secondBox.y);
    await expectToast(page, "Order updated");
    await expect(rows(page).locator("h2").nth(0)).toHaveText(second);
    await expect(rows(page).locator("h2").nth(1)).toHaveText(title);
    await page.reload();
    await expect(rows(page).locator("h2").nth(0)).toHaveText(second);

    // A drop with no target (outside the list) changes nothing.
    const order = await rowTitles(page);
    await dragBy(page, rows(page).filter({ hasText: title }).getByTestId("drag-handle"), 900, -400);
    await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(`Dropped ${title}; order unchanged.`);
    await expect(page.getByText("Order updated")).toHaveCount(0);
    expect(await rowTitles(page)).toEqual(order);

    // Edit: a new title and back to draft.
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Petition" });
    await expect(edit.getByLabel("Title")).toHaveValue(title);
    await expect(edit.getByLabel("State (optional)")).toHaveValue("OR");
    const renamed = `${title} (edited)`;
    await edit.getByLabel("Title").fill(renamed);
    await edit.getByLabel("Scope").selectOption("national");
    await expect(edit.getByLabel("State (optional)")).toHaveCount(0);
    await edit.getByRole("checkbox", { name: /Verified/ }).click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Petition updated", "Changes saved successfully.");
    const edited = rows(page).filter({ hasText: renamed });
    await expect(edited.getByText("Draft", { exact: true })).toBeVisible();
    await expect(edited.getByText("National", { exact: true })).toBeVisible();

    // Delete, after a cancelled first attempt.
    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete petition?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(edited).toHaveCount(1);
    await page.getByRole("button", { name: `Delete ${renamed}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Petition deleted");
    await expect(edited).toHaveCount(0);
    await page.reload();
    await expect(rows(page)).toHaveCount(before.length);
  });
});
