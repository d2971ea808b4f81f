import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { localD1 } from "./support";

/**
 * The first admin of a new deployment (issue 44, decision 235): `npm run admin:invite` against the server's
 * database, the printed link opened in a browser, one click, an authenticator app set up, and /admin.
 */
test("an invitation from admin:invite makes an admin who sets up a second factor and reaches /admin", async ({
  page,
  browser,
  baseURL,
}) => {
  const persistDir = process.env.E2E_PERSIST_DIR;
  if (!persistDir || !baseURL) throw new Error("run the suite with `npm run test:e2e`");
  const email = `first-admin-${Date.now()}@example.org`;
  const printed = execFileSync(
    "npx",
    ["node", "scripts/admin-invite.mjs", email, "--local", "--persist-to", persistDir, "--site-url", baseURL],
    { encoding: "utf8", env: { ...process.env, CI: "true" } },
  );
  const link = /(https?:\/\/\S+\/auth\/admin-invitation#token=[\w-]+)/.exec(printed)?.[1];
  expect(link, printed).toBeTruthy();
  const token = new URL(link as string).hash.replace("#token=", "");
  expect(printed.split(token)).toHaveLength(2); // printed once: the link, nowhere else

  await page.goto(link as string);
  await expect(page.getByRole("heading", { level: 1, name: "You're invited to run this site" })).toBeVisible();
  expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
  expect((await new AxeBuilder({ page }).analyze()).violations, "invitation page").toEqual([]);
  // Opening it spent nothing and made no account.
  expect(localD1(`SELECT used_at FROM admin_invitations WHERE email = '${email}'`)).toEqual([{ used_at: null }]);
  expect(localD1(`SELECT id FROM users WHERE email = '${email}'`)).toEqual([]);

  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await page.waitForURL("**/admin");
  // No admin screen before a second factor: the set-up comes first.
  await expect(page.getByRole("heading", { level: 1, name: "Set up two-step sign-in" })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.locator("code").first().textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();
  await page.getByLabel("Code from the app").fill(code);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Save your recovery codes" })).toBeVisible();
  await page.getByRole("button", { name: "I have saved them, continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  expect(localD1(`SELECT p.role FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = '${email}'`)).toEqual([
    { role: "admin" },
  ]);
  expect(
    localD1(
      `SELECT action FROM security_audit_log WHERE action LIKE 'admin_invitation_%' AND new_values LIKE '%${email}%' ORDER BY created_at`,
    ),
  ).toEqual([{ action: "admin_invitation_created" }, { action: "admin_invitation_accepted" }]);

  // The link works once: someone else opening it later is told so.
  const later = await (await browser.newContext()).newPage();
  await later.goto(link as string);
  await later.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(later.getByRole("alert")).toContainText("already been used");
  await later.context().close();
});
