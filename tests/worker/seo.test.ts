import { describe, expect, it } from "vitest";
import { PAGE_META } from "#contract/seo/page-meta";
import { api, config } from "./helpers";
import { createAction } from "./support/factories";

/** A dated action's slug; its status decides whether the sitemap lists it. */
const datedAction = async (status: "draft" | "published") =>
  (
    await createAction({
      status,
      startDate: "2026-01-04",
      endDate: "2026-01-10",
      publishedAt: status === "published" ? new Date().toISOString() : null,
    })
  ).slug;

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt allows the site, keeps private paths out and points at the sitemap", async () => {
    const res = await api("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toContain("User-agent: *");
    for (const path of ["/admin", "/api/", "/auth", "/my-progress", "/unsubscribe", "/actions/preview/"]) {
      expect(body).toContain(`Disallow: ${path}\n`);
    }
    expect(body).toContain(`Sitemap: ${config().siteOrigin}/sitemap.xml`);
  });

  it("sitemap.xml lists every public page and every published action, but no draft", async () => {
    const published = await datedAction("published");
    const draft = await datedAction("draft");
    const res = await api("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const origin = config().siteOrigin;
    for (const path of ["/", "/how-it-works", "/events", "/actions", "/about", "/support", "/submit-event"]) {
      expect(locs, path).toContain(origin + path);
    }
    expect(locs).toContain(`${origin}/actions/${published}`);
    expect(locs).not.toContain(`${origin}/actions/${draft}`);
    // /get-support is the same page as /support (canonical), and private pages are not listed.
    for (const path of ["/get-support", "/auth", "/my-progress", "/admin", "/unsubscribe"]) {
      expect(locs).not.toContain(origin + path);
    }
    expect(xml).toMatch(new RegExp(`<loc>${origin}/actions/${published}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  });
});

describe("public page metadata in the served HTML", () => {
  it("writes each public page's own title, description and canonical URL", async () => {
    const origin = config().siteOrigin;
    const titles = new Set<string>();
    for (const [path, meta] of [
      ["/", PAGE_META.home],
      ["/how-it-works", PAGE_META.howItWorks],
      ["/about", PAGE_META.about],
      ["/support", PAGE_META.support],
      ["/get-support", PAGE_META.getSupport],
      ["/events", PAGE_META.events],
      ["/actions", PAGE_META.actions],
      ["/submit-event", PAGE_META.submitEvent],
    ] as const) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<title>${meta.title.replace("&", "&amp;")}</title>`);
      expect(html, path).toContain(`<meta name="description" content="${meta.description}"`);
      expect(html, path).toContain(`<link rel="canonical" href="${origin}${meta.canonical}" />`);
      expect(html, path).toContain(`<meta property="og:image" content="${origin}/images/social-preview.png"`);
      expect(html, path).toContain('<div id="root">');
      titles.add(meta.title);
    }
    // /support and /get-support are one page; every other page has its own title.
    expect(titles.size).toBe(7);
    expect((await api("/get-support").then((r) => r.text())).includes(`href="${origin}/support"`)).toBe(true);
  });
});
