import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { signInWithMagicLink } from "./actions-helpers";
import { expect, test } from "./fixtures";
import { completeSecondFactor, grantAdmin, uniqueEmail } from "./support";

const header = (page: Page) => page.getByTestId("site-header");

/** Chromium's virtual authenticator (CDP): a platform authenticator with discoverable credentials and user verification. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a member adds a passkey, signs in with it without an email, renames and removes it", async ({ page }) => {
  await virtualAuthenticator(page);
  const email = uniqueEmail("passkey");
  await signInWithMagicLink(page, page.request, email, "/my-progress");
  await expect(page).toHaveURL(/\/my-progress$/);

  const panel = page.getByRole("region", { name: "Passkeys" });
  // No name given: the passkey is named after the browser and system that made it (decision 221).
  await panel.getByRole("button", { name: "Add a passkey" }).click();
  await expect(panel.getByText(/^\S.* on Linux$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await header(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/my-progress$/);
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();

  await panel.getByRole("button", { name: /^Rename .* on Linux$/ }).click();
  await panel.getByLabel(/^New name for /).fill("Work laptop");
  await panel.getByRole("button", { name: "Save name" }).click();
  await expect(panel.getByText("Work laptop", { exact: true })).toBeVisible();
  await panel.getByRole("button", { name: "Remove Work laptop" }).click();
  await expect(panel.getByText("Work laptop", { exact: true })).toBeHidden();
});

test("an admin's passkey sign-in is the second factor: the admin screens open without a code", async ({ page }) => {
  // Three sign-ins (link, code, passkey) and admin:grant's wrangler run: more than the default minute.
  test.slow();
  await virtualAuthenticator(page);
  const email = uniqueEmail("passkey-admin");
  grantAdmin(email);
  await signInWithMagicLink(page, page.request, email, "/admin");
  // Signed in by link only: the screens ask for the second factor first, and adding a passkey needs it too.
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
  await expectNoAxeViolations(page);
  await completeSecondFactor(page);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  await page.goto("/my-progress");
  const panel = page.getByRole("region", { name: "Passkeys" });
  await panel.getByLabel("Passkey name").fill("Admin key");
  await panel.getByRole("button", { name: "Add a passkey" }).click();
  await expect(panel.getByText("Admin key", { exact: true })).toBeVisible();

  await header(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/auth?next=%2Fadmin");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
});
