import { useEffect } from "react";
import type { PageMeta } from "#contract/seo/page-meta";

function setMeta(selector: string, attr: "name" | "property", key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

/**
 * Sets the page's title, meta description, canonical link and OpenGraph title/description/url.
 * The Worker writes the same values into the HTML it serves (from the page's module, web/pages),
 * so this keeps them right as the visitor navigates inside the app. `canonical` is a path.
 */
export function usePageMeta({ title, description, canonical }: PageMeta): void {
  useEffect(() => {
    const href = new URL(canonical, window.location.origin).toString();
    document.title = title;
    setMeta('meta[name="description"]', "name", "description", description);
    setMeta('meta[property="og:title"]', "property", "og:title", title);
    setMeta('meta[property="og:description"]', "property", "og:description", description);
    setMeta('meta[property="og:url"]', "property", "og:url", href);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "canonical";
      document.head.append(link);
    }
    link.href = href;
    return () => {
      // A page without its own metadata must not keep claiming this page's canonical URL.
      document.head.querySelector('link[rel="canonical"]')?.remove();
      document.head.querySelector('meta[property="og:url"]')?.remove();
    };
  }, [title, description, canonical]);
}
