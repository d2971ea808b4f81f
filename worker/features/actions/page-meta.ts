import type { PublicAction } from "#contract/actions/schemas";
import { type Locale, localizePath } from "#contract/i18n/locales";
import { actionShareImage } from "./share-card";

type MetaTags = {
  title: string;
  description: string;
  image: string;
  /** Known for the generated share cards; left out for uploaded images. */
  imageSize?: { width: number; height: number };
  imageAlt: string;
  url: string;
};

/** Absolute URL on the site for relative paths (crawlers need absolute og:image / og:url). */
const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, origin).toString();

/** The head of an action's page, in the page's language (its text is the action's in that language, when written). */
export function actionMetaTags(
  action: PublicAction,
  origin: string,
  siteName: string,
  locale: Locale = "en",
): MetaTags {
  const description = (action.summary || action.why_it_matters || `This week's action from ${siteName}.`).slice(0, 300);
  const { url: image, width, height } = actionShareImage(action.image_url);
  return {
    title: `${action.title} · ${siteName}`,
    description,
    image: absolute(origin, image),
    imageSize: width && height ? { width, height } : undefined,
    imageAlt: action.title,
    url: absolute(origin, localizePath(`/actions/${encodeURIComponent(action.slug)}`, locale)),
  };
}

/**
 * Rewrites the SPA shell's head: replaces the site-wide title/description/OpenGraph/Twitter values
 * and appends the tags index.html lacks. Values are escaped for their context (text or quoted attribute).
 */
export function withActionMeta(html: Response, tags: MetaTags): Response {
  const wanted: Record<string, string> = {
    "og:title": tags.title,
    "og:description": tags.description,
    "og:image": tags.image,
    "og:image:alt": tags.imageAlt,
    ...(tags.imageSize
      ? { "og:image:width": String(tags.imageSize.width), "og:image:height": String(tags.imageSize.height) }
      : {}),
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
    // The site card's size in index.html is not this image's (an upload's size is unknown).
    if ((key === "og:image:width" || key === "og:image:height") && !(key in wanted)) el.remove();
    else if (key && key in wanted) {
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
