import { PAGE_ROUTES } from "@web/ssr";
import { describe, expect, it } from "vitest";
import { eventPath } from "#contract/events/event-path";
import { events } from "../../db/schema";
import { type SitemapEntry, sitemapXml, splitSitemap } from "../../worker/features/seo/documents";
import { api, config, db } from "./helpers";
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

  it("lists every page in both languages, each naming the other as its alternate (decision 270)", async () => {
    const published = await datedAction("published");
    const xml = await (await api("/sitemap.xml")).text();
    const origin = config().siteOrigin;
    const url = (loc: string) => xml.match(new RegExp(`<url><loc>${loc}</loc>.*?</url>`))?.[0] ?? "";
    for (const [en, es] of [
      ["/", "/es"],
      ["/events", "/es/events"],
      [`/actions/${published}`, `/es/actions/${published}`],
    ]) {
      for (const loc of [origin + en, origin + es]) {
        expect(url(loc), loc).toContain(`<xhtml:link rel="alternate" hreflang="en-US" href="${origin}${en}"/>`);
        expect(url(loc), loc).toContain(`<xhtml:link rel="alternate" hreflang="es-US" href="${origin}${es}"/>`);
        expect(url(loc), loc).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${en}"/>`);
      }
    }
    for (const path of ["/es/auth", "/es/my-progress", "/es/unsubscribe"]) expect(xml).not.toContain(origin + path);
    const robots = await (await api("/robots.txt")).text();
    expect(robots).toContain("Disallow: /es/my-progress\n");
  });
});

describe("events in the sitemap (decision 202)", () => {
  const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it("lists every listed upcoming event's page, and no past, pending or cancelled one", async () => {
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const base = { sourceKey: "seo-test", city: "Portland", state: "OR", startAtUtc: at(3) };
    const rows = await db()
      .insert(events)
      .values([
        { ...base, externalId: crypto.randomUUID(), title: "Upcoming & listed", status: "approved" },
        { ...base, externalId: crypto.randomUUID(), title: "Already over", status: "approved", startAtUtc: at(-3) },
        { ...base, externalId: crypto.randomUUID(), title: "Waiting for review", status: "pending" },
        { ...base, externalId: crypto.randomUUID(), title: "Called off", status: "cancelled" },
      ])
      .returning();
    const [listed, ...others] = rows;
    if (!listed) throw new Error("no rows");
    const locs = locsOf(await (await api("/sitemap.xml")).text());
    const origin = config().siteOrigin;
    expect(locs).toContain(origin + eventPath(listed));
    expect(eventPath(listed)).toMatch(/-upcoming-listed$/);
    for (const row of others) expect(locs).not.toContain(origin + eventPath(row));
  });

  it("splits into an index of files of at most the limit's URLs past it (a small limit here)", () => {
    const origin = "https://earthkind.test";
    const entries: SitemapEntry[] = Array.from({ length: 5 }, (_, i) => ({ path: `/p${i}` }));
    expect(splitSitemap(origin, entries, 5)).toEqual({ index: sitemapXml(origin, entries), files: [] });
    const split = splitSitemap(origin, entries, 2);
    expect(split.files.map((f) => f.map((e) => e.path))).toEqual([["/p0", "/p1"], ["/p2", "/p3"], ["/p4"]]);
    expect(split.index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(split.index)).toEqual([1, 2, 3].map((n) => `${origin}/sitemaps/${n}.xml`));
  });

  it("has no sitemap files while one sitemap holds every URL", async () => {
    expect((await api("/sitemaps/1.xml")).status).toBe(404);
  });
});

describe("public page metadata in the served HTML", () => {
  it("writes each public page's own title, description and canonical URL", async () => {
    const origin = config().siteOrigin;
    const titles = new Set<string>();
    const indexed = PAGE_ROUTES.filter((page) => page.meta);
    // Every page with a head of its own: the eight the spec names as public.
    expect(indexed.map((page) => page.path).sort()).toEqual(
      ["/", "/about", "/actions", "/events", "/get-support", "/how-it-works", "/submit-event", "/support"].sort(),
    );
    for (const { path, meta } of indexed) {
      if (!meta) continue;
      const res = await api(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<title>${meta.title.replace("&", "&amp;")}</title>`);
      expect(html, path).toContain(`<meta name="description" content="${meta.description}"`);
      expect(html, path).toContain(`<link rel="canonical" href="${origin}${meta.canonical}" />`);
      expect(html, path).toContain(`<meta property="og:image" content="${origin}/images/social-preview.png"`);
      expect(html, path).toContain('<div id="root"');
      titles.add(meta.title);
    }
    // /support and /get-support are one page; every other page has its own title.
    expect(titles.size).toBe(7);
    expect((await api("/get-support").then((r) => r.text())).includes(`href="${origin}/support"`)).toBe(true);
  });
});
