import type { Context } from "hono";
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from "#contract/i18n/locales";
import type { AppBindings } from "../../platform/hono";

/** Fetches the built index.html from Workers Static Assets. */
export async function fetchIndexHtml(c: Context<AppBindings>): Promise<Response> {
  return fetchHtmlAsset(c, "/index.html");
}

/**
 * The shell the Worker renders public pages into: the built public.html, index.html with the public pages' own
 * stylesheet (vite.public-css.ts, decision 240). Vite's dev server has no such file: it gets index.html.
 */
export async function fetchPublicShell(c: Context<AppBindings>): Promise<Response> {
  const shell = await fetchHtmlAsset(c, "/public.html");
  return shell.ok ? shell : fetchIndexHtml(c);
}

function fetchHtmlAsset(c: Context<AppBindings>, path: string): Promise<Response> {
  return c.env.ASSETS.fetch(new Request(new URL(path, c.req.url), { headers: { Accept: "text/html" } }));
}

/**
 * The SPA shell with a chosen status: the client router renders the page (or the 404 page). `state` (a
 * JSON script) goes right after the empty #root.
 */
export async function serveSpa(
  c: Context<AppBindings>,
  status: 200 | 404,
  state = "",
  locale: Locale = DEFAULT_LOCALE,
): Promise<Response> {
  const asset = await fetchIndexHtml(c);
  if (!asset.ok) return c.text("The web app has not been built. Run `npm run build`.", 503);
  const html = (await asset.text())
    .replace('<html lang="en">', () => `<html lang="${LOCALE_TAGS[locale]}">`)
    .replace('<div id="root"></div>', () => `<div id="root"></div>${state}`);
  return c.body(html, status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
  });
}
