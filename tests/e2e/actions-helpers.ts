import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { latestMailTo, openSignInLink } from "./support";

/** The first sign-in link in a magic-link email (the link the member would click). */
export function magicLinkFrom(message: { text: string; html: string }): string {
  const match = /https?:\/\/[^\s"'<>]+\/auth\/verify[^\s"'<>]*/.exec(`${message.text}\n${message.html}`);
  if (!match) throw new Error("no /auth/verify link in the magic-link email");
  return match[0].replace(/&amp;/g, "&");
}

/** Signs a browser in the way a member does: asks for a magic link and opens it from the mailbox. */
export async function signInWithMagicLink(page: Page, request: APIRequestContext, email: string, redirectTo = "/") {
  const res = await request.post("/api/auth/magic-link", { data: { email, redirect_to: redirectTo } });
  expect(res.ok()).toBe(true);
  const mail = await latestMailTo(request, email, /sign-in|sign in|magic link/i);
  await openSignInLink(page, magicLinkFrom(mail));
}

export type CurrentAction = { id: string; slug: string; title: string; cta_label: string };

export async function currentAction(request: APIRequestContext): Promise<CurrentAction> {
  const res = await request.get("/api/actions/current");
  const { action } = (await res.json()) as { action: CurrentAction | null };
  if (!action) throw new Error("the seeded database has no current action");
  return action;
}
