import { execFileSync } from "node:child_process";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

function persistDir(): string {
  const dir = process.env.E2E_PERSIST_DIR;
  if (!dir) throw new Error("E2E_PERSIST_DIR is not set: run the suite with `npm run test:e2e`");
  return dir;
}

/** The authenticator-app secret every e2e admin gets (admin work needs a second factor, decision 194). */
export const E2E_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const totpCode = () =>
  new TOTP({ secret: Secret.fromBase32(E2E_TOTP_SECRET), algorithm: "SHA1", digits: 6, period: 30 }).generate();

/**
 * Makes a local user an admin in the e2e server's database (the same script as `npm run admin:grant`),
 * with E2E_TOTP_SECRET as their authenticator app.
 */
export function grantAdmin(email: string) {
  execFileSync(
    "npx",
    ["node", "scripts/admin-grant.mjs", email, "--totp-secret", E2E_TOTP_SECRET, "--persist-to", persistDir()],
    { stdio: "pipe" },
  );
}

/**
 * Answers the second-factor prompt the admin screens show an admin session without one, with the
 * current code of E2E_TOTP_SECRET; the screen asked for then renders in its place.
 */
export async function completeSecondFactor(page: Page) {
  const prompt = page.getByRole("heading", { level: 1, name: "Confirm it's you" });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await page.getByLabel("Authentication code").fill(totpCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(prompt).toBeHidden();
}

/** Stores a file in the e2e server's local R2 bucket (MEDIA), as the server's own writes do. */
export function localR2Put(key: string, file: string, contentType: string) {
  execFileSync(
    "npx",
    [
      "wrangler",
      "r2",
      "object",
      "put",
      `earthkind-media/${key}`,
      "--file",
      file,
      "--content-type",
      contentType,
      "--local",
      "--persist-to",
      persistDir(),
    ],
    { stdio: "pipe", env: { ...process.env, CI: "true" } },
  );
}

/**
 * Runs SQL on the e2e server's local D1 database, for set-up and failure diagnostics; returns the rows.
 * The running server holds the same SQLite file: a statement that meets its write lock is tried again.
 */
export function localD1(sql: string): Record<string, unknown>[] {
  for (let attempt = 1; ; attempt++) {
    try {
      const out = execFileSync(
        "npx",
        ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistDir(), "--json", "--command", sql],
        { encoding: "utf8", stdio: "pipe", env: { ...process.env, CI: "true" } },
      );
      return (JSON.parse(out) as { results?: Record<string, unknown>[] }[]).at(-1)?.results ?? [];
    } catch (error) {
      const { stdout, stderr, message } = error as { stdout?: unknown; stderr?: unknown; message?: unknown };
      if (attempt >= 5 || !/SQLITE_BUSY|database is locked/.test(`${stdout}${stderr}${message}`)) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500 * attempt);
    }
  }
}

export type MailboxMessage = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  created_at: string;
};

/** Waits for the newest message to an address in the local mailbox. */
export async function latestMailTo(request: APIRequestContext, to: string, subject?: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get("/dev/mailbox/messages");
        const { messages } = (await res.json()) as { messages: MailboxMessage[] };
        found = messages.find((m) => m.to === to && (!subject || subject.test(m.subject)));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as MailboxMessage;
}

/**
 * The confirmation token of the newest signup email to an address (double opt-in, decision 182): the
 * welcome asking to confirm, or the plain "Confirm your … subscription" email.
 */
export async function confirmationToken(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestMailTo(request, email, /Welcome to Earthkind|^Confirm your/);
  const token = /\/subscribe\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in the email: ${mail.text}`);
  return token;
}

/**
 * Subscribes an address and confirms it as its owner does (decision 182): the signup form's request,
 * then the link from the email and the confirmation page's POST. The subscriber is active afterwards.
 */
export async function subscribeConfirmed(
  request: APIRequestContext,
  data: { first_name: string; email: string; zip_code?: string },
): Promise<void> {
  const res = await request.post("/api/subscribers", { data, headers: ownClientIp() });
  expect(res.status()).toBe(201);
  const token = await confirmationToken(request, data.email);
  const confirmed = await request.post("/api/subscription/confirm", { data: { token }, headers: ownClientIp() });
  expect(confirmed.status()).toBe(200);
}

/** The same-origin path of the sign-in link in the newest sign-in email to an address. */
export async function signInLinkPath(request: APIRequestContext, email: string): Promise<string> {
  const mail = await latestMailTo(request, email, /sign-in link/i);
  const link = /https?:\/\/\S+\/auth\/verify\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no sign-in link in the email: ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * Opens a sign-in link the way its owner does: the page says whose link it is and signs in only when its button is
 * pressed (decision 215), so opening it alone (a mail scanner) spends nothing.
 */
export async function openSignInLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.locator('[data-island="authVerify"][data-hydrated]').waitFor({ state: "attached" });
  await page.getByRole("button", { name: /^Sign in as / }).click();
}

/**
 * Signs a fresh admin in and returns the address, leaving the page on the admin dashboard. Through the API
 * in the page's own browser context (its cookie jar gets the refresh cookie): the real magic-link email,
 * the link's token, the role granted once the account exists, and the second factor proved with a code.
 * The sign-in and second-factor screens are what auth.spec.ts and actions-admin.spec.ts test, through the
 * UI; here they would only cost every admin journey four page loads.
 */
export async function signInAsAdmin(page: Page, request: APIRequestContext, prefix = "admin"): Promise<string> {
  const email = uniqueEmail(prefix);
  const origin = new URL(process.env.E2E_BASE_URL ?? "http://localhost:8787").origin;
  const headers = { Origin: origin, ...ownClientIp() };
  const sent = await page.request.post("/api/auth/magic-link", { data: { email }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  grantAdmin(email);
  const token = new URL(await signInLinkPath(request, email), origin).searchParams.get("token");
  const verified = await page.request.post("/api/auth/verify", { data: { token }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
  const { session } = (await verified.json()) as { session: { access_token: string } };
  const proved = await page.request.post("/api/auth/mfa/totp", {
    data: { code: totpCode() },
    headers: { ...headers, Authorization: `Bearer ${session.access_token}` },
  });
  expect(proved.status(), await proved.text()).toBe(200);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible({ timeout: 15_000 });
  return email;
}

/**
 * Signs a fresh admin in on `page` and sends an action's weekly email now, as the dashboard's "send now" does (by
 * its API): for journeys that start from the Monday email.
 */
export async function sendWeeklyNow(page: Page, request: APIRequestContext, actionId: string, adminPrefix: string) {
  await signInAsAdmin(page, request, adminPrefix);
  const origin = new URL(page.url()).origin;
  const refreshed = await page.request.post("/api/auth/refresh", { headers: { Origin: origin } });
  const { session } = (await refreshed.json()) as { session: { access_token: string } };
  const sent = await page.request.post("/api/admin/email/weekly-send", {
    data: { action_id: actionId },
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

/** Collects console errors and uncaught exceptions of a page, for "renders without errors" checks. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

let n = 0;
export const uniqueEmail = (prefix = "e2e") => `${prefix}-${Date.now()}-${process.pid}-${++n}@example.com`;

/**
 * Headers that make a request come from its own client address: the form limits allow 5 requests a
 * minute per address (wrangler.toml), and the whole suite shares one, so a spec that posts a form through
 * the API without going through its page uses this to stay clear of the other specs' submissions.
 */
export const ownClientIp = () => ({
  "CF-Connecting-IP": `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${++n % 250}`,
});

/** Waits until the server-rendered page has hydrated (web/app/app.tsx): before that, clicks do nothing. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
