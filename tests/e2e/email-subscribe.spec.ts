import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { collectConsoleErrors, confirmationToken, latestMailTo, ownClientIp, uniqueEmail } from "./support";

const signupForm = (page: Page) => page.getByRole("form", { name: "Sign up for weekly actions" });

async function fillSignup(page: Page, values: { name: string; email: string; zip?: string }) {
  const form = signupForm(page);
  await form.getByLabel("First name").fill(values.name);
  await form.getByLabel("Email").fill(values.email);
  await form.getByLabel(/ZIP code/).fill(values.zip ?? "");
  await form.getByRole("button", { name: "Sign Up for Weekly Actions" }).click();
}

/** The browser's own reads of a link's view from the API (the Worker's reads while rendering are not seen here). */
function collectLinkReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "GET" && pathname.startsWith("/api/subscription")) reads.push(pathname);
  });
  return reads;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("subscribe from home, confirm from the confirmation email, manage: unsubscribe and resubscribe", async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail("subscribe");
  await page.goto("/");
  // The hero's button: the action card, once loaded, has one of the same name.
  const hero = page.getByRole("region", { name: "Protect the Wild. Start Today." });
  await hero.getByRole("link", { name: "Sign Up for Weekly Actions" }).click();
  await expect(page).toHaveURL(/#signup$/);
  await expect(signupForm(page)).toBeInViewport();

  await fillSignup(page, { name: "Fern <Gully>", email: `  ${email.toUpperCase()}`, zip: "97201" });
  await expect(page.getByText("Welcome to Earthkind! 🌱", { exact: true })).toBeVisible();
  // The spec's text promised a plan that cannot come before the confirmation (decision 225).
  await expect(
    page.getByText("Check your inbox and confirm your email to get your first weekly action plan.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Check your inbox at s•••@example\.com to confirm$/ })).toBeVisible();

  // The confirmation email, in the local mailbox (the outbox provider): its subject names the step.
  const mail = await latestMailTo(request, email, /^Confirm your Earthkind subscription$/);
  expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/api\/subscription\/one-click\?token=[\w-]+>$/);
  expect(mail.html).toContain("Hi Fern &lt;Gully&gt;,");
  expect(mail.text).toContain("Hi Fern <Gully>,");
  const manage = /https?:\/\/\S+\/unsubscribe\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(manage).toBeTruthy();
  const manageUrl = new URL(manage as string);
  // Double opt-in (decision 182): the email asks to confirm, and nothing is sent weekly until then.
  expect(mail.text).toMatch(/Confirm your subscription: https?:\/\/\S+\/subscribe\/confirm\?token=[\w-]+/);
  const pendingState = await request.get(`/api/subscription${manageUrl.search}`);
  expect(((await pendingState.json()) as { subscription: { active: boolean } }).subscription.active).toBe(false);

  // Open the email as it renders in the mailbox and press its confirmation button. (The raw email page
  // has no favicon, so the browser's favicon.ico request 404s there: not an error of ours.)
  expect(errors).toEqual([]);
  await page.goto(`/dev/mailbox/messages/${mail.id}`);
  await expect(page.getByRole("heading", { name: "Hi Fern <Gully>," })).toBeVisible();
  const confirmLink = page.getByRole("link", { name: "Confirm your subscription" });
  const confirmUrl = new URL((await confirmLink.getAttribute("href")) as string);
  await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
  errors.length = 0;
  await expect(page.getByRole("heading", { level: 1, name: "Confirm Your Subscription" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Send the weekly email to su\*\*\*@example\.com\?$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // Opening the link (as a mail scanner does) changed nothing, however often.
  await page.reload();
  await expect(page.getByRole("button", { name: "Confirm my subscription" })).toBeVisible();
  const stillPending = await request.get(`/api/subscription${manageUrl.search}`);
  expect(((await stillPending.json()) as { subscription: { active: boolean } }).subscription.active).toBe(false);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're Subscribed" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Thanks for confirming! You're subscribed." })).toBeFocused();
  await expect(page.getByText("Your first weekly action arrives on Monday morning.")).toBeVisible();
  // The welcome follows the confirmation (decision 225).
  const welcome = await latestMailTo(request, email, /^Welcome to Earthkind/);
  expect(welcome.text).toContain("Welcome, Fern <Gully>!");

  // The same link again: already used.
  const linkReads = collectLinkReads(page);
  await page.reload();
  await expect(
    page.getByText("This confirmation link is invalid or has expired. Please sign up again.", { exact: true }),
  ).toBeVisible();
  // Hydrated with the refusal the Worker rendered: the island does not ask the API again.
  await page.locator('[data-island="confirmSubscription"][data-hydrated]').waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  expect(linkReads).toEqual([]);
  // That page's own 404 (the spent link) is the browser's only console message here.
  expect(errors).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
  errors.length = 0;

  // The manage link from the same email.
  await page.goto(`${manageUrl.pathname}${manageUrl.search}`);

  await expect(page.getByRole("heading", { level: 1, name: "Manage Your Subscription" })).toBeVisible();
  await expect(page.getByText("Fern <Gully>", { exact: true })).toBeVisible();
  await expect(page.getByText(/^su\*\*\*@example\.com$/)).toBeVisible();
  await expect(page.getByTestId("subscription-status")).toHaveText("Subscribed");
  await page.locator('[data-island="unsubscribe"][data-hydrated]').waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
  expect(linkReads).toEqual([]);
  await expectNoAxeViolations(page);

  // Opening the page changed nothing; the button does.
  await page.reload();
  await expect(page.getByTestId("subscription-status")).toHaveText("Subscribed");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("Unsubscribed");
  await expect(page.getByRole("status").filter({ hasText: "You have been unsubscribed." })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("subscription-status")).toHaveText("Unsubscribed");
  await page.getByRole("button", { name: "Resubscribe" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("Subscribed");

  // The mail client's one-click button (RFC 8058) works without the page.
  const oneClick = (mail.headers["List-Unsubscribe"] as string).slice(1, -1);
  const res = await request.post(new URL(oneClick).pathname + new URL(oneClick).search, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("subscription-status")).toHaveText("Unsubscribed");
  expect(errors).toEqual([]);
});

test("signup checks run in the spec's order with its messages; the fourth attempt in 5 minutes is refused", async ({
  page,
}) => {
  // The toast carries the first failure; the fields carry theirs too (decision 225).
  const toasts = page.getByRole("region", { name: /^Notifications/ });
  await page.goto("/#signup");
  await fillSignup(page, { name: "A", email: "not-an-email", zip: "12" });
  await expect(toasts.getByText("Invalid name", { exact: true })).toBeVisible();
  await expect(toasts.getByText("Name must be between 2 and 50 characters.", { exact: true })).toBeVisible();
  await expect(signupForm(page).getByLabel("First name")).toBeFocused();

  await fillSignup(page, { name: "Ada", email: "not-an-email", zip: "12" });
  await expect(toasts.getByText("Invalid email address", { exact: true })).toBeVisible();
  await expect(toasts.getByText("Please enter a valid email address.", { exact: true })).toBeVisible();

  // The third attempt in five minutes is still allowed; the fourth is not.
  await fillSignup(page, { name: "Ada", email: "ada@example.com", zip: "12" });
  await expect(toasts.getByText("Invalid ZIP code", { exact: true })).toBeVisible();
  await expect(toasts.getByText("Please enter a valid 5-digit ZIP code.", { exact: true })).toBeVisible();

  await fillSignup(page, { name: "Ada", email: uniqueEmail(), zip: "97201" });
  await expect(toasts.getByText("Too many attempts", { exact: true })).toBeVisible();
  await expect(toasts.getByText("Please wait before trying again.", { exact: true })).toBeVisible();
});

test("an address that is already subscribed gets 'Already subscribed'", async ({ page, request }) => {
  const email = uniqueEmail("twice");
  // Signed up but not confirmed: the form answers as for a new address (decision 182).
  const first = await request.post("/api/subscribers", { data: { first_name: "Ada", email }, headers: ownClientIp() });
  expect(first.status()).toBe(201);
  const token = await confirmationToken(request, email);
  expect((await request.post("/api/subscription/confirm", { data: { token } })).status()).toBe(200);
  await page.goto("/#signup");
  await fillSignup(page, { name: "Ada", email });
  await expect(page.getByText("Already subscribed", { exact: true })).toBeVisible();
  await expect(page.getByText("This email is already receiving our weekly actions.", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("/unsubscribe without a token says the link is invalid", async ({ page }) => {
  await page.goto("/unsubscribe");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Your Subscription" })).toBeVisible();
  await expect(page.getByText("Invalid unsubscribe link", { exact: true })).toBeVisible();
  await page.goto(`/unsubscribe?token=${"x".repeat(43)}`);
  await expect(page.getByText("We couldn't find a subscription for this link.", { exact: true })).toBeVisible();
});
