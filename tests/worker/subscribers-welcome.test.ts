import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_EMAIL_SETTINGS, EMAIL_SETTINGS_KEY, type EmailSettings } from "#contract/email/schemas";
import { subscribers } from "../../db/schema";
import { sha256Hex } from "../../worker/platform/crypto";
import { countOutbox, outboxTo, runConsumer, testDeps } from "./email-fixtures";
import { adminHeaders, config, db, memberHeaders } from "./helpers";
import { client, errorOf, ok } from "./support/client";
import { confirmSignup } from "./support/confirm";
import { createSubscriber, uniqueEmail } from "./support/factories";
import { restoreSettingsAfterEach } from "./support/settings";

// Every test touching the global email_settings record lives in this file, so they run in order;
// each test's changes are undone after it.
restoreSettingsAfterEach(EMAIL_SETTINGS_KEY);
const email = client.api.admin.email;
const putSettings = async (value: EmailSettings) =>
  email.settings.$put({ json: value }, { headers: await adminHeaders() });
const welcomeTest = (json: { email: string; first_name?: string }, headers: Record<string, string>) =>
  email["welcome-test"].$post({ json }, { headers });

const welcomeJob = (subscriberId: string, requestedAt: Date) => ({
  type: "welcome" as const,
  subscriberId,
  requestedAt: requestedAt.toISOString(),
});

describe("welcome email", () => {
  it("follows the confirmation with the settings' subject and preheader, a manage link and one-click headers", async () => {
    const address = uniqueEmail("welcome");
    const res = await client.api.subscribers.$post({ json: { first_name: "Fern", email: address } });
    expect(res.status).toBe(201);
    // The signup's own email asks to confirm and says so in its subject (decision 225).
    const [confirmation] = await vi.waitFor(
      async () => {
        const rows = await outboxTo(address);
        expect(rows).not.toHaveLength(0);
        return rows;
      },
      { timeout: 25_000, interval: 250 },
    );
    const site = config().SITE_URL.replace(/\/$/, "");
    expect(confirmation?.subject).toBe("Confirm your Earthkind subscription");
    expect(confirmation?.html).toMatch(new RegExp(`href="${site}/subscribe/confirm\\?token=[\\w-]{43}"`));
    expect(confirmation?.text).toMatch(
      new RegExp(`Confirm your subscription: ${site}/subscribe/confirm\\?token=[\\w-]{43}`),
    );
    expect(confirmation?.text).not.toContain("Welcome, Fern!");

    await confirmSignup(address);
    const mail = await vi.waitFor(
      async () => {
        const found = (await outboxTo(address)).find((m) => m.subject === DEFAULT_EMAIL_SETTINGS.welcome_subject);
        expect(found).toBeDefined();
        return found;
      },
      { timeout: 25_000, interval: 250 },
    );
    const [sub] = await db().select().from(subscribers).where(eq(subscribers.email, address));
    // The link carries the token; the row holds only its hash (decision 214).
    const token = /\/unsubscribe\?token=([\w-]{43})/.exec(mail?.text ?? "")?.[1] as string;
    expect(sub?.manageTokenHash).toBe(await sha256Hex(token));
    expect(mail?.html).toContain(DEFAULT_EMAIL_SETTINGS.welcome_preview_text);
    // The preheader is hidden by display:none, never coloured like its background (decision 227).
    expect(mail?.html).toMatch(/display:none[^>]*>Join thousands taking weekly climate action/);
    expect(mail?.html).not.toMatch(/<div style="[^"]*color:[^"]*">Join thousands/);
    expect(mail?.html).toContain(`${site}/unsubscribe?token=${token}`);
    expect(mail?.text).toContain(`${site}/unsubscribe?token=${token}`);
    expect(mail?.text).toContain("Welcome, Fern!");
    expect(mail?.text).not.toContain("/subscribe/confirm");
    expect(sub?.active).toBe(true);
    expect(mail?.html).toContain(config().POSTAL_ADDRESS as string);
    expect(mail?.headers).toMatchObject({
      "List-Unsubscribe": `<${site}/api/subscription/one-click?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(sub?.lastWelcomeSentAt).toBeTruthy();
  }, 60_000);

  it("is skipped when one went to the address in the last 24 hours; a retried job sends no duplicate", async () => {
    const sub = await createSubscriber();
    const deps = testDeps();
    const t0 = new Date("2030-01-01T10:00:00.000Z");
    const subject = DEFAULT_EMAIL_SETTINGS.welcome_subject;

    expect((await runConsumer([welcomeJob(sub.id, t0)], deps)).explicitAcks).toHaveLength(1);
    expect(await countOutbox(sub.email, subject)).toBe(1);

    // The same job delivered again (at-least-once queue): the provider key deduplicates it.
    await runConsumer([welcomeJob(sub.id, t0)], deps, { attempts: 2 });
    expect(await countOutbox(sub.email, subject)).toBe(1);

    // A second signup 23 hours later: skipped.
    await runConsumer([welcomeJob(sub.id, new Date(t0.getTime() + 23 * 3600_000))], deps);
    expect(await countOutbox(sub.email, subject)).toBe(1);

    // 25 hours later: sent again.
    await runConsumer([welcomeJob(sub.id, new Date(t0.getTime() + 25 * 3600_000))], deps);
    expect(await countOutbox(sub.email, subject)).toBe(2);
  });

  it("is not sent to an unsubscribed address or when disabled in the settings", async () => {
    const deps = testDeps();
    const gone = await createSubscriber({ active: false });
    await runConsumer([welcomeJob(gone.id, new Date())], deps);
    expect(await outboxTo(gone.email)).toHaveLength(0);

    expect((await putSettings({ ...DEFAULT_EMAIL_SETTINGS, welcome_enabled: false })).status).toBe(200);
    const sub = await createSubscriber();
    await runConsumer([welcomeJob(sub.id, new Date())], deps);
    expect(await outboxTo(sub.email)).toHaveLength(0);
  });

  it("on or off, a new signup gets its confirmation: a plain 'Confirm your Earthkind subscription' email", async () => {
    expect((await putSettings({ ...DEFAULT_EMAIL_SETTINGS, welcome_enabled: false })).status).toBe(200);
    const pending = await createSubscriber({ active: false, confirmedAt: null, firstName: "Fern" });
    const token = "c".repeat(43);
    await runConsumer([{ ...welcomeJob(pending.id, new Date()), confirmToken: token }], testDeps());
    const mails = await outboxTo(pending.email);
    expect(mails).toHaveLength(1);
    const site = config().SITE_URL.replace(/\/$/, "");
    expect(mails[0]?.subject).toBe("Confirm your Earthkind subscription");
    expect(mails[0]?.text).toContain(`Confirm your subscription: ${site}/subscribe/confirm?token=${token}`);
    expect(mails[0]?.html).toContain(`${site}/subscribe/confirm?token=${token}`);
    expect(mails[0]?.text).not.toContain("Welcome, Fern!");

    // On, the same job is the same confirmation email: the welcome waits for the confirmation (decision 225).
    expect((await putSettings(DEFAULT_EMAIL_SETTINGS)).status).toBe(200);
    const other = await createSubscriber({ active: false, confirmedAt: null });
    await runConsumer([{ ...welcomeJob(other.id, new Date()), confirmToken: token }], testDeps());
    const [confirmation] = await outboxTo(other.email);
    expect(confirmation?.subject).toBe("Confirm your Earthkind subscription");
    expect(confirmation?.text).toContain(`Confirm your subscription: ${site}/subscribe/confirm?token=${token}`);
    expect(confirmation?.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    // A welcome job without a token for a pending signup sends nothing (it is not active).
    const third = await createSubscriber({ active: false, confirmedAt: null });
    await runConsumer([welcomeJob(third.id, new Date())], testDeps());
    expect(await outboxTo(third.email)).toHaveLength(0);
  });
});

describe("admin email settings and welcome test", () => {
  it("returns the spec's defaults, saves changes, validates", async () => {
    const headers = await adminHeaders();
    await putSettings(DEFAULT_EMAIL_SETTINGS);
    const getSettings = () => ok(email.settings.$get(undefined, { headers }));
    expect(await getSettings()).toEqual({ settings: DEFAULT_EMAIL_SETTINGS });
    expect(DEFAULT_EMAIL_SETTINGS).toEqual({
      welcome_enabled: true,
      welcome_subject: "Welcome to Earthkind — here's what to expect",
      welcome_preview_text: "Join thousands taking weekly climate action",
    });

    const changed = {
      welcome_enabled: true,
      welcome_subject: "Hello from the meadow",
      welcome_preview_text: "Short preview",
    };
    expect((await putSettings(changed)).status).toBe(200);
    expect(await getSettings()).toEqual({ settings: changed });

    // The next welcome uses them.
    const sub = await createSubscriber();
    await runConsumer([welcomeJob(sub.id, new Date())], testDeps());
    const [mail] = await outboxTo(sub.email);
    expect(mail?.subject).toBe("Hello from the meadow");
    expect(mail?.html).toContain("Short preview");

    const bad = await putSettings({ ...changed, welcome_subject: "  " });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Subject is required");
  });

  it("sends a welcome test, then reports it skipped within 24 hours", async () => {
    const headers = await adminHeaders();
    const to = uniqueEmail("welcome-test");
    expect(await ok(welcomeTest({ email: to, first_name: "Ash" }, headers))).toMatchObject({
      ok: true,
      campaign_id: expect.any(String),
    });
    expect(await outboxTo(to)).toHaveLength(1);

    expect(await ok(welcomeTest({ email: to, first_name: "Ash" }, headers))).toMatchObject({ skipped: true });
    expect(await outboxTo(to)).toHaveLength(1);

    // A subscriber's address follows their record: just welcomed means skipped.
    const sub = await createSubscriber();
    await runConsumer([welcomeJob(sub.id, new Date())], testDeps());
    expect(await ok(welcomeTest({ email: sub.email }, headers))).toMatchObject({ skipped: true });

    const missing = await welcomeTest({ email: "" }, headers);
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).message).toBe("Please enter an email address");
  });

  it("is admin only", async () => {
    expect((await email.settings.$get()).status).toBe(401);
    expect((await email.settings.$get(undefined, { headers: await memberHeaders() })).status).toBe(403);
    expect((await email["welcome-test"].$post({ json: { email: "a@b.co" } })).status).toBe(401);
  });
});
