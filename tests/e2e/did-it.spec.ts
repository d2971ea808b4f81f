import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import {
  latestMailTo,
  localD1,
  type MailboxMessage,
  openSignInLink,
  sendWeeklyNow,
  signInLinkPath,
  subscribeConfirmed,
  uniqueEmail,
} from "./support";

const SUPPORT = "Feeling heavy? Find support";

/** A published action without dates: nobody's current action, and no cron tick ever sends it. */
function createUndatedAction(title: string): string {
  const id = randomUUID();
  localD1(`INSERT INTO weekly_actions (id, title, slug, summary, why_it_matters, steps, materials, status, schedule_send)
     VALUES ('${id}', '${title}', 'e2e-did-it-${id}', 'Leave a corner of the garden wild.', 'Insects need shelter.',
             '["Pick a corner"]', '[]', 'published', 0)`);
  return id;
}

test("a subscriber records the week's action from the weekly email, then sees it in My Progress", async ({
  page,
  browser,
  request,
}) => {
  // An admin sign-in, a subscription, the weekly send through the local queue and a second sign-in.
  test.setTimeout(180_000);
  const email = uniqueEmail("did-it");
  await subscribeConfirmed(request, { first_name: "Robin", email });
  const title = `Wild corner ${Date.now()}`;
  const actionId = createUndatedAction(title);

  // The admin sends this action's weekly email now (the dashboard's trigger, by its API).
  await sendWeeklyNow(page, request, actionId, "did-it-admin");

  const mail = await latestMailTo(request, email, new RegExp(`This week's action: ${title}`));
  const link = /I did it: (\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no "I did it" link in the email: ${mail.text}`);
  expect(mail.html).toContain(">I did it</a>");
  const path = `${new URL(link).pathname}${new URL(link).search}`;

  // The subscriber's own browser: no session, JavaScript on; the page works by plain form posts.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(path);
  await expect(reader.getByRole("heading", { level: 1, name: "I did it" })).toBeVisible();
  await expect(reader.getByRole("link", { name: title })).toBeVisible();
  expect((await new AxeBuilder({ page: reader }).analyze()).violations.map((v) => v.id)).toEqual([]);
  // Opening the link recorded nothing.
  const read = await request.get(`/api/did-it${new URL(link).search}`);
  expect(((await read.json()) as { did_it: { recorded: boolean } }).did_it.recorded).toBe(false);

  await reader.getByLabel("Notes (optional)").fill("  Left the nettles for the butterflies.  ");
  await reader.getByRole("button", { name: "Record it" }).click();
  await expect(reader.getByText("Recorded. Thank you for doing this week's action!")).toBeVisible();
  await expect(reader.getByRole("heading", { name: "Quick Wins to Protect Nature" })).toBeVisible();

  await reader.getByRole("button", { name: "See your progress" }).click();
  await expect(reader.getByText("Check your email for a sign-in link. Open it to see your progress.")).toBeVisible();
  await openSignInLink(reader, await signInLinkPath(request, email));
  await expect(reader).toHaveURL(/\/my-progress$/);
  await expect(reader.getByRole("heading", { level: 1, name: "My Progress" })).toBeVisible();
  await expect(reader.getByText(title).first()).toBeVisible();
  await expect(reader.getByText("Left the nettles for the butterflies.")).toBeVisible();
  await context.close();
});

test("the support link is in every email of the dev mailbox and on every public page, in the footer", async ({
  page,
  request,
}) => {
  const { messages } = (await (await request.get("/dev/mailbox/messages")).json()) as { messages: MailboxMessage[] };
  expect(messages.length).toBeGreaterThan(0);
  for (const m of messages) {
    expect(m.html, m.subject).toContain(SUPPORT);
    expect(m.text, m.subject).toMatch(/Feeling heavy\? Find support: https?:\/\/\S+\/get-support/);
  }

  const pages = [
    "/",
    "/how-it-works",
    "/events",
    "/actions",
    "/about",
    "/support",
    "/get-support",
    "/submit-event",
    "/auth",
    "/unsubscribe",
    "/subscribe/confirm",
    "/did-it",
    "/no-such-page",
  ];
  for (const path of pages) {
    await page.goto(path);
    const link = page.getByRole("contentinfo").getByRole("link", { name: SUPPORT });
    await expect(link, path).toBeVisible();
    await expect(link, path).toHaveAttribute("href", "/get-support");
  }
});
