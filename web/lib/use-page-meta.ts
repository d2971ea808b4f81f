import { useEffect } from "react";
import { DEFAULT_LOCALE, localizePath } from "#contract/i18n/locales";
import type { PageMeta } from "#contract/seo/page-meta";
import { PAGES } from "../pages";
import { useT } from "./i18n";

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
 * The page's head in the page's language: English is the page's declaration; another language reads
 * `page.<name>.title|description` from its catalogue, as the Worker does (worker/features/seo/languages.ts), and
 * the canonical path is the page's own in that language.
 */
function useLocalizedMeta(meta: PageMeta): PageMeta {
  const { t, locale } = useT();
  if (locale === DEFAULT_LOCALE) return meta;
  const name = Object.entries(PAGES).find(([, page]) => "meta" in page && page.meta === meta)?.[0];
  return {
    title: name ? t(`page.${name}.title`) : meta.title,
    description: name ? t(`page.${name}.description`) : meta.description,
    canonical: localizePath(meta.canonical, locale),
  };
}

/**
 * Sets the page's title, meta description, canonical link and OpenGraph title/description/url.
 * The Worker writes the same values into the HTML it serves (from the page's module, web/pages),
 * so this keeps them right as the visitor navigates inside the app. `meta` is the page's declaration
 * (`PAGES.<name>.meta`); its canonical is a path.
 */
export function usePageMeta(declared: PageMeta): void {
  const { title, description, canonical } = useLocalizedMeta(declared);
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
