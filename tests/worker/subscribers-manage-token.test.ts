import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { subscribers } from "../../db/schema";
import { backfillManageTokens } from "../../worker/features/subscribers/manage-token-backfill";
import { runScheduled } from "../../worker/jobs/scheduled";
import { sha256Hex } from "../../worker/platform/crypto";
import { latestOutboxMessage } from "./auth-support";
import { outboxOfCampaign, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { api, config, db } from "./helpers";
import { client } from "./support/client";
import {
  createAction,
  createCampaign,
  createLegacySubscriber,
  createSubscriber,
  uniqueEmail,
} from "./support/factories";

// Manage tokens are stored hashed and sealed, never as they are (issue 40 item 6, decision 214).

const rowOf = async (id: string) => (await db().select().from(subscribers).where(eq(subscribers.id, id)))[0];
const view = (token: string) => client.api.subscription.$get({ query: { token } });
const site = () => config().SITE_URL.replace(/\/$/, "");
const linkToken = (text: string) => /\/unsubscribe\?token=([\w-]+)/.exec(text)?.[1];

/** This week's email to one subscriber, as the consumer sends it; its text part. */
async function weeklyEmailTo(sub: { id: string; email: string }) {
  const action = await createAction();
  const campaign = await createCampaign(action.id, [sub.id]);
  await runConsumer([weeklyJob(campaign.id, [sub.id])], testDeps());
  const mail = (await outboxOfCampaign(campaign.id)).find((m) => m.to === sub.email);
  if (!mail) throw new Error("no weekly email");
  return mail;
}

describe("manage tokens at rest", () => {
  it("after a signup the row holds no plaintext token, and the emailed link works", async () => {
    const email = uniqueEmail("hashed");
    expect((await client.api.subscribers.$post({ json: { first_name: "Hazel", email } })).status).toBe(201);
    const mail = await vi.waitFor(
      async () => {
        const found = await latestOutboxMessage(email);
        expect(found).toBeDefined();
        return found as { text: string };
      },
      { timeout: 25_000, interval: 250 },
    );
    const token = linkToken(mail.text) as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await db().select().from(subscribers).where(eq(subscribers.email, email));
    // Nowhere in the row, in any column.
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.manageTokenHash).toBe(await sha256Hex(token));
    expect((await view(token)).status).toBe(200);
  });

  it("the stored hash presented as a token finds nothing, nor does the sealed box", async () => {
    const sub = await createSubscriber();
    const row = await rowOf(sub.id);
    for (const stolen of [row?.manageTokenHash, row?.manageTokenSealed] as string[]) {
      expect((await view(stolen)).status).not.toBe(200);
      const res = await client.api.subscription.unsubscribe.$post({ json: { token: stolen } });
      expect(res.status).not.toBe(200);
    }
    expect((await rowOf(sub.id))?.active).toBe(true);
    expect((await view(sub.manageToken)).status).toBe(200);
  });

  it("the weekly email opens the sealed token: its link is the subscriber's own", async () => {
    const sub = await createSubscriber();
    const mail = await weeklyEmailTo(sub);
    expect(linkToken(mail.text)).toBe(sub.manageToken);
    expect(mail.headers).toMatchObject({
      "List-Unsubscribe": `<${site()}/api/subscription/one-click?token=${sub.manageToken}>`,
    });
  });

  it("a row stored before the migration works before and after the backfill, and keeps its link", async () => {
    const legacy = await createLegacySubscriber();
    expect((await rowOf(legacy.id))?.manageTokenHash).toBe(legacy.manageToken);
    // Before: looked up as it is, and the email still carries it.
    expect((await view(legacy.manageToken)).status).toBe(200);
    expect(linkToken((await weeklyEmailTo(legacy)).text)).toBe(legacy.manageToken);

    // The scheduled Worker's frequent tick backfills it (in pages, until none are left).
    await runScheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env);
    while ((await backfillManageTokens(db(), env.JWT_SECRET ?? "")).sealed > 0);
    const after = await rowOf(legacy.id);
    expect(after?.manageTokenHash).toBe(await sha256Hex(legacy.manageToken));
    expect(after?.manageTokenSealed).toMatch(/^v1\./);
    expect(JSON.stringify(after)).not.toContain(legacy.manageToken);

    // After: the link already in the inbox still works, and the next email carries the same token.
    expect((await view(legacy.manageToken)).status).toBe(200);
    expect(linkToken((await weeklyEmailTo(legacy)).text)).toBe(legacy.manageToken);
    const res = await api("/api/subscription/unsubscribe", { method: "POST", json: { token: legacy.manageToken } });
    expect(res.status).toBe(200);
    expect((await rowOf(legacy.id))?.active).toBe(false);
  });

  it("before the backfill, only a token of the old shape is compared as it is", async () => {
    // A row whose column holds a 64-hex value with no box (as a stolen hash would be) never matches it as is.
    const hexLike = "a".repeat(64);
    await createLegacySubscriber({ manageTokenHash: hexLike });
    expect((await view(hexLike)).status).toBe(404);
  });
});
