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
