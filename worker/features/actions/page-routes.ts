import type { Context } from "hono";
import { type AppBindings, createRouter } from "../../platform/hono";
import { fetchIndexHtml, serveSpa } from "../spa/routes";
import type { PublicAction } from "./schemas";
import { findPublishedBySlug } from "./service";

/** The social preview image used when an action has none (shipped in public/). */
export const DEFAULT_ACTION_IMAGE = "/images/wildflower-default.svg";

type MetaTags = { title: string; description: string; image: string; url: string };

/** Absolute URL on the site for relative paths (crawlers need absolute og:image / og:url). */
const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, origin).toString();

export function actionMetaTags(action: PublicAction, origin: string, siteName: string): MetaTags {
  const description = (action.summary || action.why_it_matters || `This week's action from ${siteName}.`).slice(0, 300);
  return {
    title: `${action.title} · ${siteName}`,
    description,
    image: absolute(origin, action.image_url || DEFAULT_ACTION_IMAGE),
    url: absolute(origin, `/actions/${encodeURIComponent(action.slug)}`),
  };
}

/**
 * Rewrites the SPA shell's head: replaces the site-wide title/description/OpenGraph/Twitter values
 * and appends the tags index.html lacks. Values are escaped for their context (text or quoted attribute).
 */
function injectMeta(html: Response, tags: MetaTags): Response {
  const wanted: Record<string, string> = {
    "og:title": tags.title,
    "og:description": tags.description,
    "og:image": tags.image,
    "og:url": tags.url,
    "og:type": "article",
    "twitter:card": "summary_large_image",
    "twitter:title": tags.title,
    "twitter:description": tags.description,
    "twitter:image": tags.image,
    description: tags.description,
  };
  // setAttribute escapes only the quote; escaping "&" first keeps "&amp;"-like text literal.
  const attrValue = (s: string) => s.replace(/&/g, "&amp;");
  const seen = new Set<string>();
  const setMeta = (el: Element, key: string | null) => {
    if (key && key in wanted) {
      el.setAttribute("content", attrValue(wanted[key] as string));
      seen.add(key);
    }
  };
  return new HTMLRewriter()
    .on("head > title", { element: (el) => void el.setInnerContent(tags.title) })
    .on("meta[property]", { element: (el) => setMeta(el, el.getAttribute("property")) })
    .on("meta[name]", { element: (el) => setMeta(el, el.getAttribute("name")) })
    .on("head", {
      element: (el) =>
        el.onEndTag((end) => {
          const attr = (key: string) => (key.startsWith("og:") ? "property" : "name");
          const esc = (s: string) => attrValue(s).replace(/"/g, "&quot;");
          const missing = Object.entries(wanted).filter(([key]) => !seen.has(key));
          const extra = missing.map(([key, value]) => `<meta ${attr(key)}="${key}" content="${esc(value)}" />`);
          extra.push(`<link rel="canonical" href="${esc(tags.url)}" />`);
          end.before(extra.join("\n    "), { html: true });
        }),
    })
    .transform(html);
}

async function servePage(c: Context<AppBindings>) {
  const { db, config } = c.var;
  const action = await findPublishedBySlug(db, config.SITE_TIMEZONE, new Date(), c.req.param("slug") ?? "");
  // Unknown or unpublished slugs: the SPA renders 'Action not found', with a real 404 status.
  if (!action) return serveSpa(c, 404);
  const asset = await fetchIndexHtml(c);
  if (!asset.ok) return serveSpa(c, 200);
  const page = injectMeta(asset, actionMetaTags(action, config.siteOrigin, config.SITE_NAME));
  return c.body(await page.text(), 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" });
}

/** HTML routes for action pages (per-action <title>/OpenGraph tags); mounted before the SPA routes. */
export const actionPageRoutes = createRouter().get("/actions/:slug", servePage);
