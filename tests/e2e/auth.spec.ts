import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  collectConsoleErrors,
  completeSecondFactor,
  grantAdmin,
  latestMailTo,
  openSignInLink,
  uniqueEmail,
} from "./support";

const ACCESS_DENIED = "Access denied. You need admin privileges to access this page.";

const header = (page: Page) => page.getByTestId("site-header");

/** The verify link from the newest sign-in email to this address, as a same-origin path. */
async function magicLinkPath(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestMailTo(request, email, /sign-in link/i);
  const match = /https?:\/\/\S+\/auth\/verify\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no sign-in link in the email: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

async function signInWithMagicLink(page: Page, request: APIRequestContext, email: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email!" })).toBeVisible();
  await openSignInLink(page, await magicLinkPath(request, email));
  await expect(page).toHaveURL(/\/my-progress$/);
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
}

/** An account with a password, made through the API the account section uses. */
async function accountWithPassword(request: APIRequestContext, email: string, password: string) {
  expect((await request.post("/api/auth/magic-link", { data: { email } })).status()).toBe(200);
  const token = new URLSearchParams((await magicLinkPath(request, email)).split("?")[1]).get("token");
  const verified = await request.post("/api/auth/verify", { data: { token } });
  const { session } = (await verified.json()) as { session: { access_token: string } };
  const set = await request.put("/api/me/password", {
    data: { password },
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(set.status()).toBe(200);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("magic link: the emailed link signs in, and the session survives a reload", async ({ page, request }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail("magic");
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Back to Home/ })).toBeVisible();
  const send = page.getByRole("button", { name: "Send Magic Link" });
  await expect(send).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.getByLabel("Email").fill(email);
  await send.click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email!" })).toBeVisible();
  await expect(page.getByText("We sent you a magic link to sign in.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Use Different Email" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Browsing" })).toBeVisible();

  await openSignInLink(page, await magicLinkPath(request, email));
  await expect(page).toHaveURL(/\/my-progress$/);
  await expect(page.getByText("You've been signed in successfully.").first()).toBeVisible();
  await expect(header(page).getByRole("link", { name: "My Progress" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();

  await page.reload();
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("opening the link signs nobody in, even with its scripts run; the button does", async ({ page, request }) => {
  // A link scanner of company mail opens the link in a headless browser and runs its scripts (issue 40).
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail("scanned");
  expect((await request.post("/api/auth/magic-link", { data: { email } })).status()).toBe(200);
  const path = await magicLinkPath(request, email);
  const token = new URL(path, "http://x").searchParams.get("token") ?? "";
  await page.goto(path);
  await page.locator('[data-island="authVerify"][data-hydrated]').waitFor({ state: "attached" });
  await page.waitForTimeout(2_000);

  // What the person sees: whose link it is, and a button; nobody is signed in, the link is still good.
  await expect(page).toHaveURL(/\/auth\/verify\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Earthkind" })).toBeVisible();
  const button = page.getByRole("button", { name: `Sign in as ${email.slice(0, 2)}***@example.com` });
  await expect(button).toBeEnabled();
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  const view = await request.get(`/api/auth/magic-link?token=${token}`);
  expect(view.status()).toBe(200);
  await expectNoAxeViolations(page);

  // The owner's click signs in.
  await button.click();
  await expect(page).toHaveURL(/\/my-progress$/);
  await expect(page.getByText("You've been signed in successfully.").first()).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  expect((await request.get(`/api/auth/magic-link?token=${token}`)).status()).toBe(400);
  expect(errors).toEqual([]);
});

test("asking for a second link within a minute is refused with a clear message", async ({ page }) => {
  const email = uniqueEmail("twice");
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await page.getByRole("button", { name: "Use Different Email" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByText("Error sending magic link").first()).toBeVisible();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /A sign-in link was just sent to this email\. Please wait/ })
      .first(),
  ).toBeVisible();
});

test("a used or broken link explains itself and offers a new one", async ({ page, request }) => {
  const email = uniqueEmail("used");
  await signInWithMagicLink(page, request, email);
  const used = await magicLinkPath(request, email);
  await page.goto(used);
  await expect(page.getByRole("heading", { level: 1, name: "This sign-in link can't be used" })).toBeVisible();
  await expect(page.getByText("This sign-in link has already been used. Please request a new one.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/auth/verify?token=not-a-real-token");
  await expect(page.getByText("This sign-in link is invalid. Please request a new one.")).toBeVisible();
  await page.getByLabel("Email").fill(uniqueEmail("fresh"));
  await page.getByRole("button", { name: "Send a New Link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email!" })).toBeVisible();
});

test("password sign-in: required password, wrong password, then success", async ({ page, request }) => {
  const email = uniqueEmail("password");
  const password = "a long enough password";
  await accountWithPassword(request, email, password);

  await page.goto("/auth");
  await page.getByRole("button", { name: "Password", exact: true }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Password required").first()).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter your password." }).first()).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Sign in failed").first()).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" }).first()).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Welcome back!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/my-progress$/);
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("changing a password asks for the current one and explains a wrong or missing one", async ({ page, request }) => {
  const email = uniqueEmail("change");
  const password = "the first long password";
  await accountWithPassword(request, email, password);

  await page.goto("/auth");
  await page.getByRole("button", { name: "Password", exact: true }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/my-progress$/);

  const current = page.getByLabel("Current password");
  await expect(current).toBeVisible();
  await page.getByLabel("New password").fill("the second long password");
  await page.getByLabel("Confirm password").fill("the second long password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Please enter your current password.")).toBeVisible();
  await expect(current).toBeFocused();
  await expect(current).toHaveAttribute("aria-invalid", "true");

  await current.fill("not my password at all");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is incorrect.")).toBeVisible();
  await expectNoAxeViolations(page);

  await current.fill(password);
  await page.getByLabel("New password").fill("the second long password");
  await page.getByLabel("Confirm password").fill("the second long password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed").first()).toBeVisible();
  const mail = await latestMailTo(request, email, /password was changed/i);
  expect(mail.text).toContain("/auth");
});

test("sign-out ends the session, also after a reload", async ({ page, request }) => {
  await signInWithMagicLink(page, request, uniqueEmail("signout"));
  await page.goto("/about");
  await header(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.reload();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toHaveCount(0);
});

test("the mobile menu shows My Progress and Sign Out when signed in", async ({ page, request }) => {
  await signInWithMagicLink(page, request, uniqueEmail("mobile"));
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole("button", { name: /menu/i }).click();
  const menu = page.getByRole("dialog");
  await expect(menu.getByRole("link", { name: "My Progress" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("a signed-in user who opens /auth is sent to /my-progress", async ({ page, request }) => {
  await signInWithMagicLink(page, request, uniqueEmail("redirect"));
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/my-progress$/);
});

test("/admin: visitors go to /auth, members are refused, admins see the dashboard", async ({ page, request }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin$/);

  const email = uniqueEmail("admin");
  await signInWithMagicLink(page, request, email);
  await page.goto("/admin");
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expectNoAxeViolations(page);

  grantAdmin(email);
  await page.reload();
  await completeSecondFactor(page);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  for (const name of ["Weekly Actions", "Petitions", "Content Export", "Security Dashboard", "Email Settings"]) {
    await expect(
      page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name, exact: true }),
    ).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test("the security dashboard loads and shows the admin's own sign-in", async ({ page, request }) => {
  const email = uniqueEmail("security");
  await signInWithMagicLink(page, request, email);
  grantAdmin(email);
  await page.goto("/admin/security");
  await completeSecondFactor(page);
  await expect(page.getByRole("heading", { level: 1, name: "Security Dashboard" })).toBeVisible();
  const logs = page.getByRole("region", { name: "Access logs" });
  await expect(logs.getByRole("row").filter({ hasText: "auth_success" }).filter({ hasText: email })).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Admin Activity" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Authentication Failures (24h)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Role Change Audit" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Role changes" }).getByText(email)).toBeVisible();

  await page.getByRole("button", { name: "Run Security Scan" }).click();
  await expect(page.getByRole("heading", { name: "Security Scan Results" })).toBeVisible();
  await expect(page.getByText("Profile emails are visible only to their owner and admins")).toBeVisible();

  await page.getByRole("button", { name: "Refresh All Data" }).click();
  await page.getByRole("button", { name: "Clean Old Data" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete old data" }).click();
  await expect(page.getByText("Old data cleaned").first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the access token is refreshed shortly before it expires", async ({ page, request }) => {
  await page.clock.install();
  await signInWithMagicLink(page, request, uniqueEmail("refresh"));
  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith("/api/auth/refresh") && r.request().method() === "POST",
  );
  // Access tokens live 15 minutes; the client renews one about a minute early.
  await page.clock.fastForward("14:05");
  const res = await refreshed;
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { session: unknown }).session).not.toBeNull();
  await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("signing out in one tab signs out the other", async ({ page, context, request }) => {
  await signInWithMagicLink(page, request, uniqueEmail("tabs"));
  const other = await context.newPage();
  await other.goto("/about");
  await expect(header(other).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await header(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(header(other).getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("the account section lists sessions and ends another one, or all others", async ({ page, request }) => {
  const email = uniqueEmail("sessions");
  const password = "a long sessions password";
  await accountWithPassword(request, email, password);
  const apiSignIn = async () => {
    const res = await request.post("/api/auth/password", { data: { email, password } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { session: { access_token: string } }).session.access_token;
  };
  const meWith = async (token: string) =>
    (await request.get("/api/me", { headers: { Authorization: `Bearer ${token}` } })).status();
  const other = await apiSignIn();

  await page.goto("/auth");
  await page.getByRole("button", { name: "Password", exact: true }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/my-progress$/);

  const sessions = page.getByRole("list", { name: "Your sessions" });
  await expect(sessions.getByText("(this device)")).toBeVisible();
  await expect(sessions.getByText(/^Chrome/)).toBeVisible();
  // The magic-link session that set the password, and the API sign-in: two others, each with an End button.
  await expect(sessions.getByRole("button", { name: /^End the / })).toHaveCount(2);
  await expectNoAxeViolations(page);

  await sessions
    .getByRole("button", { name: /^End the / })
    .first()
    .click();
  await expect(sessions.getByRole("button", { name: /^End the / })).toHaveCount(1);

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(sessions.getByRole("button", { name: /^End the / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  expect(await meWith(other)).toBe(401);
  // This device is still signed in.
  await page.reload();
  await expect(sessions.getByText("(this device)")).toBeVisible();
});
