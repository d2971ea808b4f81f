import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { DID_IT_COPY } from "#contract/did-it/messages";
import { SUPPORT_LINK_LABEL } from "#contract/email/support-link";
import { actionCompletions, magicLinkTokens, subscribers, users } from "../../db/schema";
import { DID_IT_TTL_SECONDS, signDidItToken, verifyDidItToken } from "../../worker/features/did-it/token";
import { outboxOfCampaign, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { api, config, db, signIn } from "./helpers";
import { createAction, createCampaign, createSubscriber, createUser } from "./support/factories";

/** A subscriber who got this week's email: the action, its campaign, and their signed link's token. */
async function mailed(overrides: Parameters<typeof createSubscriber>[0] = {}) {
  const action = await createAction();
  const subscriber = await createSubscriber(overrides);
  const campaign = await createCampaign(action.id, [subscriber.id]);
  const claims = { subscriberId: subscriber.id, actionId: action.id, campaignId: campaign.id };
  return { action, subscriber, campaign, claims, token: await signDidItToken(config(), claims) };
}

/** The page's form, as a browser without JavaScript posts it; the 303 is checked, not followed. */
const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  redirect: "manual" as const,
});
const completionsOf = (actionId: string) =>
  db().select().from(actionCompletions).where(eq(actionCompletions.actionId, actionId));
const userOf = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];

/** Changes one character of the token's payload: the signature no longer matches. */
function tamper(token: string): string {
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const i = Math.floor(payload.length / 2);
  const swapped = payload[i] === "A" ? "B" : "A";
  return [header, payload.slice(0, i) + swapped + payload.slice(i + 1), signature].join(".");
}

describe('the "I did it" token', () => {
  it("binds the subscriber, the action and the campaign, and expires after the documented window", async () => {
    const { claims, token } = await mailed();
    const now = new Date();
    expect(await verifyDidItToken(config(), token, now)).toEqual(claims);
    const justBefore = new Date(now.getTime() + (DID_IT_TTL_SECONDS - 60) * 1000);
    expect(await verifyDidItToken(config(), token, justBefore)).toEqual(claims);
    const after = new Date(now.getTime() + (DID_IT_TTL_SECONDS + 60) * 1000);
    expect(await verifyDidItToken(config(), token, after)).toBeNull();
  });

  it("refuses altered tokens, other keys, and the session's access token; and is no access token itself", async () => {
    const { claims, token } = await mailed();
    expect(await verifyDidItToken(config(), tamper(token))).toBeNull();
    const foreign = await signDidItToken(
      { ...config(), JWT_SECRET: "another-deployment-secret-0123456789abcdef" },
      claims,
    );
    expect(await verifyDidItToken(config(), foreign)).toBeNull();
    // Same key, other purpose: an access token names a user, not a did-it link.
    const session = await signIn(await createUser());
    expect(await verifyDidItToken(config(), session.session.access_token)).toBeNull();
    // …and a did-it link signs nobody in.
    const me = await api("/api/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    // A token signed with the right key but without the claims the link needs.
    const bare = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.subscriberId)
      .setIssuer(config().JWT_ISSUER)
      .setAudience("earthkind:did-it")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(config().JWT_SECRET));
    expect(await verifyDidItToken(config(), bare)).toBeNull();
  });
});

describe("the weekly email's link", () => {
  it("is in each recipient's HTML and text part, next to the call to action, with the support link", async () => {
    const action = await createAction();
    const subscriber = await createSubscriber();
    const campaign = await createCampaign(action.id, [subscriber.id]);
    await runConsumer([weeklyJob(campaign.id, [subscriber.id])], testDeps());
    const [mail] = await outboxOfCampaign(campaign.id);
    if (!mail) throw new Error("no weekly email");
    const link = mail.text.match(/I did it: (\S+)/)?.[1];
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/did-it\?token=/);
    const token = new URL(link as string).searchParams.get("token") as string;
    expect(await verifyDidItToken(config(), token)).toEqual({
      subscriberId: subscriber.id,
      actionId: action.id,
      campaignId: campaign.id,
    });
    const html = mail.html.replaceAll("&amp;", "&");
    expect(html).toContain(`href="${link}"`);
    // Right after the call to action's button, in the same paragraph.
    expect(html.indexOf(`>${DID_IT_COPY.emailLink}</a>`)).toBeGreaterThan(html.indexOf(action.ctaLabel));
    expect(mail.html).toContain(SUPPORT_LINK_LABEL);
    expect(mail.text).toContain(`${SUPPORT_LINK_LABEL}: http://localhost`);
  });
});

describe("GET /did-it and /api/did-it", () => {
  it("show the action and the form, and change nothing (scanners open links)", async () => {
    const { action, subscriber, token } = await mailed();
    const page = await api(`/did-it?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain(action.title);
    expect(html).toContain(DID_IT_COPY.button);
    expect(html).toMatch(/<form[^>]*action="\/did-it" method="post"/);
    expect(html).toContain(SUPPORT_LINK_LABEL);

    const read = await api(`/api/did-it?token=${encodeURIComponent(token)}`);
    expect(await read.json()).toEqual({
      did_it: { action: { title: action.title, slug: action.slug, language: "en" }, recorded: false },
    });
    await api(`/did-it?token=${encodeURIComponent(token)}`, { method: "HEAD" });
    expect(await completionsOf(action.id)).toEqual([]);
    expect(await userOf(subscriber.email)).toBeUndefined();
  });

  it("answer an altered, expired or orphaned link with the clear message (404)", async () => {
    const { subscriber, token, claims } = await mailed();
    const expired = await signDidItToken(config(), claims, new Date(Date.now() - (DID_IT_TTL_SECONDS + 60) * 1000));
    for (const bad of [tamper(token), expired, "not-a-token", ""]) {
      const read = await api(`/api/did-it?token=${encodeURIComponent(bad)}`);
      expect(read.status).toBe(404);
      expect((await read.json()) as unknown).toEqual({ error: { code: "not_found", message: DID_IT_COPY.invalid } });
    }
    const page = await api(`/did-it?token=${encodeURIComponent(tamper(token))}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(DID_IT_COPY.invalid.replaceAll("'", "&#x27;"));
    // A subscriber whose data was deleted: their links die with it.
    await db().delete(subscribers).where(eq(subscribers.id, subscriber.id));
    expect((await api(`/api/did-it?token=${encodeURIComponent(token)}`)).status).toBe(404);
  });
});

describe("POST /did-it", () => {
  it("records once for an address without an account, creating it, with the note's rules", async () => {
    const { action, campaign, subscriber, token } = await mailed();
    const first = await api("/did-it", form({ token, notes: "  Planted clover.  ", share_note: "on" }));
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(`/did-it?token=${encodeURIComponent(token)}`);
    const user = await userOf(subscriber.email);
    expect(user).toBeDefined();
    const [row, ...others] = await completionsOf(action.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      userId: user?.id,
      notes: "Planted clover.",
      shareNote: true,
      noteStatus: "pending",
      source: "email",
      campaignId: campaign.id,
    });

    // Pressed again (or the form re-sent): nothing changes, the note included.
    const again = await api("/did-it", form({ token, notes: "" }));
    expect(again.status).toBe(303);
    expect(await completionsOf(action.id)).toEqual([row]);
    const read = await api(`/api/did-it?token=${encodeURIComponent(token)}`);
    expect(((await read.json()) as { did_it: { recorded: boolean } }).did_it.recorded).toBe(true);
    const page = await (await api(`/did-it?token=${encodeURIComponent(token)}`)).text();
    expect(page).toContain(DID_IT_COPY.progress);
    expect(page).toContain("Quick Wins to Protect Nature");
  });

  it("gives the completion to the existing account of that address, shown in its My Progress list", async () => {
    const { action, subscriber, token } = await mailed();
    const member = await createUser({ email: subscriber.email });
    expect((await api("/did-it", form({ token }))).status).toBe(303);
    const { headers } = await signIn(member);
    const list = (await (await api("/api/me/completions", { headers })).json()) as {
      completions: { action_id: string; notes: string | null; share_note: boolean }[];
    };
    expect(list.completions).toEqual([
      expect.objectContaining({ action_id: action.id, notes: null, share_note: false }),
    ]);
  });

  it("keeps a completion already recorded on the site as it was", async () => {
    const { action, subscriber, token } = await mailed();
    const member = await createUser({ email: subscriber.email });
    await db().insert(actionCompletions).values({ userId: member.id, actionId: action.id, notes: "From the site" });
    expect((await api("/did-it", form({ token, notes: "From the email" }))).status).toBe(303);
    expect(await completionsOf(action.id)).toEqual([
      expect.objectContaining({ notes: "From the site", source: "site", campaignId: null }),
    ]);
  });

  it("records nothing from an altered or expired link, or with a note over the limit", async () => {
    const { action, subscriber, token, claims } = await mailed();
    const altered = await api("/did-it", form({ token: tamper(token) }));
    expect(altered.status).toBe(404);
    expect(await altered.text()).toContain(DID_IT_COPY.invalid.replaceAll("'", "&#x27;"));
    const expired = await signDidItToken(config(), claims, new Date(Date.now() - (DID_IT_TTL_SECONDS + 60) * 1000));
    expect((await api("/did-it", form({ token: expired }))).status).toBe(404);
    const long = await api("/did-it", form({ token, notes: "x".repeat(2001) }));
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(DID_IT_COPY.notes);
    expect((await api("/did-it", { method: "POST" })).status).toBe(404);
    expect(await completionsOf(action.id)).toEqual([]);
    expect(await userOf(subscriber.email)).toBeUndefined();
  });
});

describe("POST /did-it/progress-link", () => {
  it("sends a sign-in link to the link's address on request, with the magic link's own limits", async () => {
    const { subscriber, token } = await mailed();
    await api("/did-it", form({ token }));
    const sent = await api("/did-it/progress-link", form({ token }));
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe(`/did-it?token=${encodeURIComponent(token)}&link=sent`);
    const links = await db().select().from(magicLinkTokens).where(eq(magicLinkTokens.email, subscriber.email));
    expect(links).toEqual([expect.objectContaining({ redirectTo: "/my-progress" })]);

    const soon = await api("/did-it/progress-link", form({ token }));
    expect(soon.status).toBe(429);
    expect(await soon.text()).toContain(DID_IT_COPY.linkWait);
    expect(await db().select().from(magicLinkTokens).where(eq(magicLinkTokens.email, subscriber.email))).toHaveLength(
      1,
    );

    expect((await api("/did-it/progress-link", form({ token: tamper(token) }))).status).toBe(404);
  });
});
