import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BOT_CHECK_FAILED_MESSAGE,
  BOT_CHECK_HEADER,
  BOT_CHECK_UNAVAILABLE_MESSAGE,
} from "#contract/platform/bot-check-rules";
import { contactMessages, subscribers } from "../../db/schema";
import { createApp } from "../../worker/app";
import { configFindings } from "../../worker/features/security/scan-config";
import { getConfig } from "../../worker/platform/config";
import { SITEVERIFY_URL } from "../../worker/platform/turnstile";
import { adminHeaders, db } from "./helpers";
import { uniqueEmail } from "./support/factories";

// Cloudflare's documented test keys (developers.cloudflare.com/turnstile/troubleshooting/testing/).
const SITE_KEY = "1x00000000000000000000AA";
const ALWAYS_PASSES = "1x0000000000000000000000000000000AA";
const ALWAYS_FAILS = "2x0000000000000000000000000000000AA";
const ALREADY_SPENT = "3x0000000000000000000000000000000AA";
/** The token the test site keys' widget hands out; the test secrets accept only it. */
const DUMMY_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";
/** A secret that is not a test key: siteverify's answer is the test's own. */
const REAL_SECRET = "0x4AAAAAAA-not-a-test-key";

type SiteverifyRequest = { secret: string; response: string; remoteip?: string };

/**
 * Cloudflare's siteverify, faked at the HTTP boundary (the Worker's outgoing fetch) with the answers its
 * test secrets are documented to give; `real` answers for any other secret. Every other host is refused.
 */
function fakeSiteverify(real: (req: SiteverifyRequest) => Response | Promise<Response> = () => Response.json({})) {
  const calls: SiteverifyRequest[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== SITEVERIFY_URL || request.method !== "POST")
      return new Response("unexpected host", { status: 418 });
    const body = (await request.json()) as SiteverifyRequest;
    calls.push(body);
    const dummy = body.response === DUMMY_TOKEN;
    if (body.secret === ALWAYS_PASSES && dummy) {
      return Response.json({
        success: true,
        challenge_ts: new Date().toISOString(),
        hostname: "localhost",
        "error-codes": [],
        action: "test",
        cdata: "test-data",
      });
    }
    if (body.secret === ALWAYS_PASSES || body.secret === ALWAYS_FAILS) {
      return Response.json({ success: false, "error-codes": ["invalid-input-response"] });
    }
    if (body.secret === ALREADY_SPENT)
      return Response.json({ success: false, "error-codes": ["timeout-or-duplicate"] });
    return real(body);
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

let ipCounter = 0;
/** Each request from its own address, so the per-client form limits never meet. */
const freshIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

/** The app with the bot-check keys set (a fresh env object: getConfig caches per env). */
function appWith(vars: Record<string, string>) {
  const bindings = { ...env, ...vars };
  return (path: string, init: RequestInit & { json?: unknown; token?: string } = {}) => {
    const { json, token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has("CF-Connecting-IP")) headers.set("CF-Connecting-IP", freshIp());
    if (json !== undefined) headers.set("Content-Type", "application/json");
    if (token !== undefined) headers.set(BOT_CHECK_HEADER, token);
    const request = new Request(`http://localhost:8787${path}`, {
      method: json !== undefined ? "POST" : "GET",
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
    return createApp().fetch(request, bindings, createExecutionContext());
  };
}

const keys = (secret: string) => ({ TURNSTILE_SITE_KEY: SITE_KEY, TURNSTILE_SECRET_KEY: secret });

const start = new Date(Date.now() + 7 * 86_400_000).toISOString();
/** The four protected forms, each with a valid body and its success status. */
const FORMS = {
  signup: () => ({ path: "/api/subscribers", json: { first_name: "Robin", email: uniqueEmail("bot") }, ok: 201 }),
  contact: () => ({
    path: "/api/contact",
    json: { name: "Robin", email: uniqueEmail("bot"), message: "Hello" },
    ok: 201,
  }),
  "event submission": () => ({
    path: "/api/event-submissions",
    json: {
      title: "Riverbank Cleanup",
      description: "",
      category: "cleanup",
      start_time: start,
      end_time: "",
      address: "",
      city: "Portland",
      state: "OR",
      postal_code: "97204",
      organizer_name: "River Friends",
      organizer_email: uniqueEmail("organizer"),
      organizer_url: "",
      registration_url: "https://riverfriends.org/cleanup",
      image_url: "",
      notes_for_moderator: "",
    },
    ok: 201,
  }),
  "magic link": () => ({ path: "/api/auth/magic-link", json: { email: uniqueEmail("bot") }, ok: 200 }),
} as const;
const forms = Object.entries(FORMS);

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("bot check off (no secret: local development and the tests)", () => {
  it.each(forms)("%s works without a token and asks Cloudflare nothing", async (_name, form) => {
    const calls = fakeSiteverify();
    const { path, json, ok } = form();
    const res = await appWith({})(path, { json });
    expect(res.status).toBe(ok);
    expect(calls).toEqual([]);
  });

  it("hands the pages no site key and keeps Cloudflare out of the Content-Security-Policy", async () => {
    const res = await appWith({})("/api/health");
    expect(res.headers.get("Content-Security-Policy")).not.toContain("challenges.cloudflare.com");
    expect(getConfig(env).configErrors).toEqual([]);
    expect(getConfig(env).configNotices).toEqual([expect.stringMatching(/^Bot protection is off/)]);
  });

  it("counts a single key as off, and as a configuration error", async () => {
    const config = getConfig({ ...env, TURNSTILE_SECRET_KEY: ALWAYS_PASSES });
    expect(config.configErrors).toEqual([
      expect.stringMatching(/^Bot protection is off: TURNSTILE_SITE_KEY is not set/),
    ]);
    const calls = fakeSiteverify();
    const { path, json, ok } = FORMS.contact();
    expect((await appWith({ TURNSTILE_SECRET_KEY: ALWAYS_PASSES })(path, { json })).status).toBe(ok);
    expect(calls).toEqual([]);
  });
});

describe("bot check on", () => {
  it.each(forms)("%s goes through with a token Cloudflare accepts", async (_name, form) => {
    const calls = fakeSiteverify();
    const { path, json, ok } = form();
    const ip = freshIp();
    const res = await appWith(keys(ALWAYS_PASSES))(path, {
      json,
      token: DUMMY_TOKEN,
      headers: { "CF-Connecting-IP": ip },
    });
    expect(res.status).toBe(ok);
    expect(calls).toEqual([{ secret: ALWAYS_PASSES, response: DUMMY_TOKEN, remoteip: ip }]);
  });

  it.each(forms)("%s is refused with 403 when Cloudflare refuses the token", async (_name, form) => {
    const calls = fakeSiteverify();
    const { path, json } = form();
    const res = await appWith(keys(ALWAYS_FAILS))(path, { json, token: DUMMY_TOKEN });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({ code: "bot_check_failed", message: BOT_CHECK_FAILED_MESSAGE });
    expect(calls).toHaveLength(1);
  });

  it.each(forms)("%s is refused with 403 without a token, before asking Cloudflare", async (_name, form) => {
    const calls = fakeSiteverify();
    const { path, json } = form();
    for (const token of [undefined, "", "x".repeat(2049)]) {
      const res = await appWith(keys(ALWAYS_PASSES))(path, { json, token });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({ code: "bot_check_failed", message: BOT_CHECK_FAILED_MESSAGE });
    }
    expect(calls).toEqual([]);
  });

  it("stores nothing and sends nothing for a refused request", async () => {
    fakeSiteverify();
    const signup = FORMS.signup();
    expect((await appWith(keys(ALREADY_SPENT))(signup.path, { json: signup.json, token: DUMMY_TOKEN })).status).toBe(
      403,
    );
    expect(await db().select().from(subscribers).where(eq(subscribers.email, signup.json.email))).toEqual([]);
    const contact = FORMS.contact();
    expect((await appWith(keys(ALWAYS_FAILS))(contact.path, { json: contact.json, token: DUMMY_TOKEN })).status).toBe(
      403,
    );
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, contact.json.email))).toEqual([]);
  });

  it("checks an invalid body first, so a request the form refuses anyway spends no token", async () => {
    const calls = fakeSiteverify();
    const res = await appWith(keys(ALWAYS_PASSES))("/api/contact", {
      json: { name: "", email: "x" },
      token: DUMMY_TOKEN,
    });
    expect(res.status).toBe(400);
    expect(calls).toEqual([]);
  });

  it("requires this site's hostname and the form's own action from a real secret's answer", async () => {
    const answer = { success: true, "error-codes": [], hostname: "localhost", action: "contact" };
    let given: Record<string, unknown> = answer;
    fakeSiteverify(() => Response.json(given));
    const app = appWith(keys(REAL_SECRET));
    const contact = () => FORMS.contact();
    const send = () => {
      const { path, json } = contact();
      return app(path, { json, token: "real-token" });
    };
    expect((await send()).status).toBe(201);
    given = { ...answer, action: "signup" };
    expect((await send()).status).toBe(403);
    given = { ...answer, hostname: "evil.example" };
    expect((await send()).status).toBe(403);
    given = { success: false, "error-codes": ["invalid-input-response"] };
    expect((await send()).status).toBe(403);
  });

  it("lets signup, contact and event submissions through when Cloudflare cannot be asked, refuses the magic link", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    const app = appWith(keys(REAL_SECRET));
    for (const [name, form] of forms) {
      const { path, json, ok } = form();
      const res = await app(path, { json, token: "real-token" });
      if (name === "magic link") {
        expect(res.status).toBe(503);
        expect(await errorOf(res)).toEqual({ code: "bot_check_unavailable", message: BOT_CHECK_UNAVAILABLE_MESSAGE });
      } else {
        expect(res.status, name).toBe(ok);
      }
    }
  });

  it("treats Cloudflare's internal-error and a 5xx as unavailable, not as a refusal", async () => {
    let reply = () => Response.json({ success: false, "error-codes": ["internal-error"] });
    fakeSiteverify(() => reply());
    const app = appWith(keys(REAL_SECRET));
    const contact = FORMS.contact();
    expect((await app(contact.path, { json: contact.json, token: "t" })).status).toBe(201);
    reply = () => new Response("bad gateway", { status: 502 });
    const link = FORMS["magic link"]();
    expect((await app(link.path, { json: link.json, token: "t" })).status).toBe(503);
  });

  it("allows Cloudflare's script and frame in the Content-Security-Policy and hands the pages the site key", async () => {
    const app = appWith(keys(ALWAYS_PASSES));
    const csp = (await app("/api/health")).headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/frame-src https:\/\/challenges\.cloudflare\.com/);
    // A server-rendered page carries it in its state (the magic link's page offers a new link with the widget, decision
    // 212), the empty shell in its own site script.
    for (const path of ["/about", "/auth/verify"])
      expect(await (await app(path)).text(), path).toContain(`"turnstileSiteKey":"${SITE_KEY}"`);
    const shell = await (await app("/my-progress")).text();
    expect(shell).toMatch(
      new RegExp(`<script type="application/json" id="ek-site">[^<]*"turnstileSiteKey":"${SITE_KEY}"`),
    );
  });

  it("documents the header and the 403 (and the magic link's 503) in the OpenAPI document", async () => {
    const res = await appWith({})("/api/openapi.json");
    const doc = (await res.json()) as {
      paths: Record<
        string,
        { post?: { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> } }
      >;
    };
    for (const path of ["/api/subscribers", "/api/contact", "/api/event-submissions", "/api/auth/magic-link"]) {
      const post = doc.paths[path]?.post;
      expect(post?.parameters, path).toContainEqual(expect.objectContaining({ in: "header", name: BOT_CHECK_HEADER }));
      expect(Object.keys(post?.responses ?? {}), path).toContain("403");
    }
    expect(Object.keys(doc.paths["/api/auth/magic-link"]?.post?.responses ?? {})).toContain("503");
    expect(Object.keys(doc.paths["/api/contact"]?.post?.responses ?? {})).not.toContain("503");
  });
});

describe("bot protection in production", () => {
  const production = { ENVIRONMENT: "production", SITE_URL: "https://earthkind.example", MAIL_PROVIDER: "resend" };

  it("is a configuration error in the admin banner and a high finding of the scan when off", async () => {
    const res = await appWith(production)("/api/admin/email/config", { headers: await adminHeaders() });
    const body = (await res.json()) as { config_errors: string[]; config_notices: string[] };
    expect(body.config_errors).toContainEqual(
      expect.stringMatching(/^Bot protection is off: TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are not set/),
    );
    expect(body.config_notices).toEqual([]);
    const finding = configFindings(getConfig({ ...env, ...production })).find((f) => f.id === "bot-protection-off");
    expect(finding).toMatchObject({ severity: "high", title: "Configuration error: bot protection is off" });
  });

  it("is neither once both keys are set", () => {
    const config = getConfig({ ...env, ...production, ...keys(ALWAYS_PASSES) });
    expect(config.configErrors.join(" ")).not.toMatch(/Bot protection/);
    expect(configFindings(config).map((f) => f.id)).not.toContain("bot-protection-off");
  });

  it("is only an informational finding in development", () => {
    const finding = configFindings(getConfig(env)).find((f) => f.id === "bot-protection-off");
    expect(finding).toMatchObject({ severity: "info", title: "Bot protection is off" });
  });
});
