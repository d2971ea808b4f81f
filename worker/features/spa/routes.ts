import type { Context } from "hono";
import type { AppBindings } from "../../platform/hono";

/** Fetches the built index.html from Workers Static Assets. */
export async function fetchIndexHtml(c: Context<AppBindings>): Promise<Response> {
  const url = new URL("/index.html", c.req.url);
  return c.env.ASSETS.fetch(new Request(url, { headers: { Accept: "text/html" } }));
}

/**
 * The SPA shell with a chosen status: the client router renders the page (or the 404 page). `state` (a
 * JSON script) goes right after the empty #root.
 */
export async function serveSpa(c: Context<AppBindings>, status: 200 | 404, state = ""): Promise<Response> {
  const asset = await fetchIndexHtml(c);
  if (!asset.ok) return c.text("The web app has not been built. Run `npm run build`.", 503);
  const html = (await asset.text()).replace('<div id="root"></div>', () => `<div id="root"></div>${state}`);
  return c.body(html, status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
  });
}
