import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { grantAdmin, latestMailTo, uniqueEmail } from "./support";

/** Signs a fresh admin in through the real magic-link flow (the /auth page and the local mailbox). */
export async function signInAsAdmin(page: Page, request: APIRequestContext): Promise<string> {
  const email = uniqueEmail("events-admin");
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Magic Link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your email!" })).toBeVisible();
  // The account exists once the link is sent; the role is read fresh on every admin request.
  grantAdmin(email);
  const mail = await latestMailTo(request, email, /sign-in link/i);
  const link = /https?:\/\/\S+\/auth\/verify\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no sign-in link in the email: ${mail.text}`);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/my-progress$/);
  return email;
}

/** The toast region (Radix labels it "Notifications"); only one toast shows at a time. */
export const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });
