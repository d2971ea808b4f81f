/** robots.txt and sitemap.xml bodies (pure, so the rules are testable without HTTP). */

/** Paths that are private, per-visitor or previews: nothing a search engine should list. */
export const DISALLOWED_PATHS = [
  "/admin",
  "/api/",
  "/auth",
  "/my-progress",
  "/unsubscribe",
  "/subscribe/",
  "/actions/preview/",
  "/dev/",
  "/media/",
] as const;

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

export type SitemapEntry = { path: string; lastmod?: string };

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch] ?? ch);

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(origin + path)}</loc>`;
    // W3C date (YYYY-MM-DD) is enough for crawlers and avoids time-zone noise.
    const mod = lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : "";
    return `  <url>${loc}${mod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
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
