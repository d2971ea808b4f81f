import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { configFindings } from "../../worker/features/security/scan-config";
import { getConfig } from "../../worker/platform/config";

/** The app with other variables than the test pool's development ones (a fresh object: getConfig caches per env). */
const appWith =
  (vars: Record<string, string>) =>
  (url: string, init: RequestInit = {}) =>
    createApp().fetch(new Request(url, init), { ...env, ...vars });

const production = { ENVIRONMENT: "production", SITE_URL: "https://earthkind.example", MAIL_PROVIDER: "resend" };

describe("a JWT_SECRET too short to sign with (issue 44)", () => {
  const shortSecret = { JWT_SECRET: "only-twenty-chars-xx" };

  it("makes /api/health answer 503 and name the setting, never its value", async () => {
    const res = await appWith(shortSecret)("http://localhost/api/health");
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body).toEqual({ status: "error", database: "ok", settings: ["JWT_SECRET"], version: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain(shortSecret.JWT_SECRET);
  });

  it("refuses every sign-in with 503 configuration_error instead of a 500", async () => {
    const app = appWith(shortSecret);
    const post = (path: string, json: unknown) =>
      app(`http://localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
        body: JSON.stringify(json),
      });
    for (const [path, json] of [
      ["/api/auth/magic-link", { email: "someone@example.org" }],
      ["/api/auth/verify", { token: "a".repeat(43) }],
      ["/api/auth/password", { email: "someone@example.org", password: "correct horse battery staple" }],
      ["/api/auth/refresh", {}],
      ["/api/admin-invitations/accept", { token: "a".repeat(43) }],
    ] as const) {
      const res = await post(path, json);
      expect(res.status, path).toBe(503);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe("configuration_error");
    }
  });

  it("is a configuration error in the admin banner and a critical finding of the security scan", () => {
    for (const secret of ["", "short"]) {
      const config = getConfig({ ...env, ...production, JWT_SECRET: secret });
      expect(config.configErrors.some((e) => e.startsWith("JWT_SECRET"))).toBe(true);
      const finding = configFindings(config).find((f) => f.id.startsWith("jwt-secret"));
      expect(finding?.severity).toBe("critical");
    }
    // The test pool's own secret is long enough: no error.
    expect(getConfig({ ...env, ...production }).configErrors.some((e) => e.startsWith("JWT_SECRET"))).toBe(false);
  });
});

describe("http is redirected to https in production (issue 44)", () => {
  it("answers a request that arrived over http with 301 to the same URL over https", async () => {
    const res = await appWith(production)("http://earthkind.example/events?zip=97201");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("https://earthkind.example/events?zip=97201");
  });

  it("trusts CF-Visitor's scheme when the URL already says https", async () => {
    const res = await appWith(production)("https://earthkind.example/about", {
      headers: { "CF-Visitor": '{"scheme":"http"}' },
    });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("https://earthkind.example/about");
    const secure = await appWith(production)("https://earthkind.example/api/health", {
      headers: { "CF-Visitor": '{"scheme":"https"}' },
    });
    expect(secure.status).toBe(200);
  });

  it("keeps the method and body of a POST with 308", async () => {
    const res = await appWith(production)("http://earthkind.example/api/contact", { method: "POST", body: "{}" });
    expect(res.status).toBe(308);
    expect(res.headers.get("Location")).toBe("https://earthkind.example/api/contact");
  });

  it("leaves development and local hosts alone", async () => {
    expect((await appWith({ ENVIRONMENT: "development" })("http://earthkind.example/api/health")).status).toBe(200);
    expect((await appWith(production)("http://localhost/api/health")).status).toBe(200);
    expect((await appWith(production)("http://127.0.0.1:8787/api/health")).status).toBe(200);
  });
});
