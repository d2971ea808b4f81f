import { LOCALE_TAGS, LOCALES, localeBase, localizePath } from "#contract/i18n/locales";

/** robots.txt and sitemap.xml bodies (pure, so the rules are testable without HTTP). */

/** Paths that are private, per-visitor or previews: nothing a search engine should list. */
const PRIVATE_PAGES = ["/admin", "/auth", "/my-progress", "/unsubscribe", "/subscribe/", "/actions/preview/"];

/** Paths that are private, per-visitor or previews, in every language (decision 270): nothing a search engine should list. */
export const DISALLOWED_PATHS = [
  ...PRIVATE_PAGES,
  ...PRIVATE_PAGES.map((p) => `${localeBase("es")}${p}`),
  "/api/",
  "/dev/",
  "/media/",
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** A URL of the sitemap; `alternates`: the same page in each language, by hreflang (decision 270). */
export type SitemapEntry = { path: string; lastmod?: string; alternates?: { hreflang: string; path: string }[] };

/** Each page in every language, each URL naming all of them (and x-default, the English page) as alternates. */
export function inEveryLanguage(entries: SitemapEntry[]): SitemapEntry[] {
  return entries.flatMap((entry) => {
    const alternates = [
      ...LOCALES.map((l) => ({ hreflang: LOCALE_TAGS[l], path: localizePath(entry.path, l) })),
      { hreflang: "x-default", path: entry.path },
    ];
    return LOCALES.map((l) => ({ ...entry, path: localizePath(entry.path, l), alternates }));
  });
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch] ?? ch);

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod, alternates }) => {
    const loc = `<loc>${escapeXml(origin + path)}</loc>`;
    // W3C date (YYYY-MM-DD) is enough for crawlers and avoids time-zone noise.
    const mod = lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : "";
    const links = (alternates ?? [])
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(origin + a.path)}"/>`)
      .join("");
    return `  <url>${loc}${mod}${links}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** The sitemap protocol's limit: a sitemap file holds at most 50,000 URLs. */
export const SITEMAP_MAX_URLS = 50_000;

/** The address of the n-th (1-based) sitemap file once the sitemap is split. */
export const sitemapFilePath = (n: number) => `/sitemaps/${n}.xml`;

/**
 * The sitemap as one file when it fits, else as an index naming files of at most `maxUrls` each
 * (`files`: the URLs of each file, in order; `index`: the body of /sitemap.xml).
 */
export function splitSitemap(
  origin: string,
  entries: SitemapEntry[],
  maxUrls = SITEMAP_MAX_URLS,
): { index: string; files: SitemapEntry[][] } {
  if (entries.length <= maxUrls) return { index: sitemapXml(origin, entries), files: [] };
  const files: SitemapEntry[][] = [];
  for (let at = 0; at < entries.length; at += maxUrls) files.push(entries.slice(at, at + maxUrls));
  const index = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...files.map((_, i) => `  <sitemap><loc>${escapeXml(origin + sitemapFilePath(i + 1))}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
  return { index, files };
}
