import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages } from "../../db/schema";
import { createApp } from "../../worker/app";
import { configFindings } from "../../worker/features/security/scan-config";
import { getConfig } from "../../worker/platform/config";
import { createMailProvider } from "../../worker/platform/mail/provider";
import { adminHeaders, db } from "./helpers";
import { uniqueEmail } from "./support/factories";

/** The app with other variables than the test pool's development ones (a fresh object: getConfig caches per env). */
const appWith =
  (vars: Record<string, string>) =>
  (path: string, init: RequestInit = {}, origin = "http://localhost") =>
    createApp().fetch(new Request(`${origin}${path}`, init), { ...env, ...vars });

const production = { ENVIRONMENT: "production", SITE_URL: "https://earthkind.example", MAIL_PROVIDER: "outbox" };

describe("deploy defaults: /dev/* only for a development run on this machine", () => {
  it.each(["/dev/mailbox", "/dev/mailbox/messages", "/dev/fixtures/ingestion/nps"])("%s", async (path) => {
    const dev = appWith({ ENVIRONMENT: "development" });
    expect((await dev(path)).status).not.toBe(404);
    expect((await dev(path, {}, "http://127.0.0.1:8787")).status).not.toBe(404);
    // development left on, but reached through a public hostname
    const res = await dev(path, {}, "https://earthkind.example");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
    expect((await dev(path, {}, "http://localhost.evil.example")).status).toBe(404);
    // production, even on localhost
    expect((await appWith(production)(path)).status).toBe(404);
    expect((await appWith({ ENVIRONMENT: "test" })(path)).status).toBe(404);
  });
});

describe("deploy defaults: configuration errors are reported, not fatal", () => {
  it("treats an unknown ENVIRONMENT as production instead of answering 500", async () => {
    const staging = appWith({ ENVIRONMENT: "staging" });
    const health = await staging("/api/health");
    expect(health.status).toBe(200);
    expect((await staging("/dev/mailbox/messages")).status).toBe(404);
    const config = getConfig({ ...env, ENVIRONMENT: "staging" });
    expect(config.ENVIRONMENT).toBe("production");
    expect(config.configErrors.join(" ")).toMatch(/ENVIRONMENT is "staging"/);
    expect(configFindings(config).map((f) => f.id)).toContain("environment-unknown");
  });

  it("shows the outbox-in-production error in the admin banner's endpoint and the scan", async () => {
    const res = await appWith(production)("/api/admin/email/config", { headers: await adminHeaders() });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { config_errors: string[] };
    expect(body.config_errors).toEqual([
      expect.stringMatching(/MAIL_PROVIDER is "outbox" in production/),
      // Production without Turnstile keys (tests/worker/bot-check.test.ts).
      expect.stringMatching(/^Bot protection is off/),
    ]);
    const findings = configFindings(getConfig({ ...env, ...production }));
    expect(findings.find((f) => f.id === "mail-outbox-in-production")?.title).toMatch(/Configuration error/);
  });

  it("refuses to send through the outbox in production and stores nothing", async () => {
    const to = uniqueEmail("refused");
    const provider = createMailProvider(getConfig({ ...env, ...production }), db());
    const [result] = await provider.sendBatch([
      { to, subject: "Sign in", html: "<p>x</p>", text: "x", stream: "account" },
    ]);
    expect(result).toMatchObject({ ok: false, retryable: false });
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.to, to))).toEqual([]);
  });

  it("still uses the outbox in development and the tests", () => {
    expect(getConfig(env).configErrors).toEqual([]);
    expect(createMailProvider(getConfig(env), db()).name).not.toBe("outbox-refused");
  });
});
