import { describe, expect, it } from "vitest";
import { API_REFERENCE_SCRIPT } from "../../contract/platform/api-reference";
import { api } from "./helpers";

// Issue 47 item 4, decision 278: the public API reference page is a shell for Scalar, served from our origin.
describe("GET /developers/api", () => {
  it("serves the reference's shell: our own script, the public document, no other origin", async () => {
    const res = await api("/developers/api");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    // The site's policy: scripts and connections from this origin only, whatever the renderer tries.
    const csp = (res.headers.get("Content-Security-Policy") ?? "").split(";").map((d) => d.trim());
    for (const name of ["script-src", "connect-src", "font-src"]) {
      const directive = csp.find((d) => d.startsWith(`${name} `));
      expect(directive, name).toContain("'self'");
      expect(directive, name).not.toMatch(/https?:/);
    }
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<script src="${API_REFERENCE_SCRIPT}"></script>`);
    expect(API_REFERENCE_SCRIPT).toMatch(/^\/assets\/vendor\/scalar-api-reference-\d+\.\d+\.\d+\.js$/);
    expect(html).toContain('data-url="/api/openapi.json"');
    const configuration = JSON.parse(
      (/data-configuration="([^"]*)"/.exec(html)?.[1] ?? "{}").replaceAll("&quot;", '"').replaceAll("&amp;", "&"),
    );
    expect(configuration).toMatchObject({ telemetry: false, withDefaultFonts: false, agent: { disabled: true } });
    expect(html.match(/https?:\/\/[^"'\s<]+/g) ?? []).toEqual([]);
  });
});
