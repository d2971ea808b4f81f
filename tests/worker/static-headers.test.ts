import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import headersFile from "../../public/_headers?raw";
import { createApp } from "../../worker/app";

/** `_headers` as rules: path pattern → header name (lower case) → value. `! Name` removals are dropped. */
function parseHeadersFile(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    if (!line.startsWith(" ")) {
      current = new Map();
      rules.set(line.trim(), current);
      continue;
    }
    const m = /^\s+([\w-]+):\s*(.*)$/.exec(line);
    if (m && current) current.set((m[1] as string).toLowerCase(), m[2] as string);
  }
  return rules;
}

describe("public/_headers", () => {
  const rules = parseHeadersFile(headersFile);

  it("gives static files every security header a production Worker response has, with the same value", async () => {
    const res = await createApp().fetch(new Request("https://earthkind.example/api/health"), {
      ...env,
      ENVIRONMENT: "production",
      SITE_URL: "https://earthkind.example",
      MAIL_PROVIDER: "resend",
    });
    const all = rules.get("/*");
    expect(all).toBeDefined();
    // Per-response headers (the body's type and size, the request's id) are not security headers.
    const perResponse = ["content-type", "content-length", "vary", "x-request-id"];
    const worker = [...res.headers].filter(([name]) => !perResponse.includes(name));
    expect(worker.length).toBeGreaterThan(8);
    for (const [name, value] of worker) expect(all?.get(name), name).toBe(value);
  });

  it("gives SVGs a CSP that runs no script", () => {
    const csp = rules.get("/*.svg")?.get("content-security-policy") ?? "";
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/\bsandbox\b/);
    expect(csp).not.toMatch(/script-src/);
  });
});
