import { describe, expect, it } from "vitest";
import { api, config } from "./helpers";

/** Each page in English at its path and in Spanish under /es/ (issue 46, decision 270). */
describe("pages in two languages", () => {
  it("serves a page under /es/ in Spanish, with its language and both alternates in the head", async () => {
    const res = await api("/es/actions");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="es-US"/);
    const origin = config().siteOrigin;
    expect(html).toContain(`<link rel="alternate" hreflang="en-US" href="${origin}/actions" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="es-US" href="${origin}/es/actions" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/actions" />`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/es/actions" />`);
    expect(html).toContain('"locale":"es"');
  });

  it("keeps English at the site's paths", async () => {
    const html = await (await api("/actions")).text();
    expect(html).toMatch(/<html lang="en-US"/);
    expect(html).toContain(`<link rel="canonical" href="${config().siteOrigin}/actions" />`);
    expect(html).toContain('"locale":"en"');
  });

  it("serves the Spanish home page at /es and the browser-rendered pages' shell in Spanish", async () => {
    expect((await api("/es")).status).toBe(200);
    const shell = await (await api("/es/my-progress")).text();
    expect(shell).toMatch(/<html lang="es-US"/);
    expect(shell).toContain('"locale":"es"');
  });
});
