import { PAGE_ROUTES } from "@web/ssr";
import { and, asc, desc, eq, gte } from "drizzle-orm";
import type { Context } from "hono";
import { eventPath } from "#contract/events/event-path";
import { actionPagePath } from "#contract/pages/linked-paths";
import { type PageMeta, SOCIAL_IMAGE_PATH } from "#contract/seo/page-meta";
import { events, weeklyActions } from "../../../db/schema";
import { type AppBindings, createRouter } from "../../platform/hono";
import { inEveryLanguage, robotsTxt, type SitemapEntry, sitemapXml, splitSitemap } from "./documents";

/** A sitemap holds at most 50,000 URLs; far more actions than a weekly cadence produces in decades. */
const MAX_ACTIONS_IN_SITEMAP = 5000;

/** Indexable pages (those with a head of their own, web/pages), each canonical URL once. */
const SITEMAP_PAGES = [...new Set(PAGE_ROUTES.flatMap((page) => (page.meta ? [page.meta.canonical] : [])))];

async function publishedActionEntries(c: Context<AppBindings>): Promise<SitemapEntry[]> {
  const rows = await c.var.db
    .select({ slug: weeklyActions.slug, updatedAt: weeklyActions.updatedAt })
    .from(weeklyActions)
    .where(eq(weeklyActions.status, "published"))
    .orderBy(desc(weeklyActions.startDate))
    .limit(MAX_ACTIONS_IN_SITEMAP);
  return rows.map((r) => ({ path: actionPagePath(r.slug), lastmod: r.updatedAt }));
}

/**
 * Every listed upcoming event's page (decision 202), soonest first. Bounded: past the sitemap index's own
 * reach (50,000 files of 50,000) is no concern, but one read must not grow without limit either.
 */
const MAX_EVENTS_IN_SITEMAP = 200_000;

async function upcomingEventEntries(c: Context<AppBindings>): Promise<SitemapEntry[]> {
  const rows = await c.var.db
    .select({ id: events.id, title: events.title, updatedAt: events.updatedAt })
    .from(events)
    .where(and(eq(events.status, "approved"), gte(events.startAtUtc, new Date().toISOString())))
    .orderBy(asc(events.startAtUtc), asc(events.id))
    .limit(MAX_EVENTS_IN_SITEMAP);
  return rows.map((r) => ({ path: eventPath(r), lastmod: r.updatedAt }));
}

const sitemapEntries = async (c: Context<AppBindings>): Promise<SitemapEntry[]> =>
  inEveryLanguage([
    ...SITEMAP_PAGES.map((path) => ({ path })),
    ...(await publishedActionEntries(c)),
    ...(await upcomingEventEntries(c)),
  ]);

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** The shell's head with this page's title, description, canonical link and OpenGraph tags written in. */
/** The shell with only its <title> replaced (pages that are not indexed: sign-in, not found). */
export function withTitle(shell: Response, title: string): Response {
  return new HTMLRewriter()
    .on("title", {
      element(el) {
        el.setInnerContent(title);
      },
    })
    .transform(shell);
}

export function withPageMeta(shell: Response, meta: PageMeta, origin: string): Response {
  const canonical = origin + meta.canonical;
  const setContent = (value: string) => ({
    element(el: Element) {
      el.setAttribute("content", value);
    },
  });
  return (
    new HTMLRewriter()
      .on("title", {
        element(el) {
          el.setInnerContent(meta.title);
        },
      })
      .on('meta[name="description"]', setContent(meta.description))
      .on('meta[property="og:title"]', setContent(meta.title))
      .on('meta[property="og:description"]', setContent(meta.description))
      // Link previews need an absolute image URL.
      .on('meta[property="og:image"]', setContent(origin + SOCIAL_IMAGE_PATH))
      .on("head", {
        element(el) {
          el.append(`<link rel="canonical" href="${canonical}" />`, { html: true });
          el.append(`<meta property="og:url" content="${canonical}" />`, { html: true });
        },
      })
      .transform(shell)
  );
}

export const seoRoutes = createRouter()
  .get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(robotsTxt(c.var.config.siteOrigin));
  })
  // One file while it fits; past 50,000 URLs an index of /sitemaps/{n}.xml files.
  .get("/sitemap.xml", async (c) => {
    const { index } = splitSitemap(c.var.config.siteOrigin, await sitemapEntries(c));
    return c.body(index, 200, XML_HEADERS);
  })
  .get("/sitemaps/:file{[1-9][0-9]{0,4}\\.xml}", async (c) => {
    const origin = c.var.config.siteOrigin;
    const n = Number.parseInt(c.req.param("file"), 10);
    const file = splitSitemap(origin, await sitemapEntries(c)).files[n - 1];
    if (!file) return c.notFound();
    return c.body(sitemapXml(origin, file), 200, XML_HEADERS);
  });
