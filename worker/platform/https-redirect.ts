import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "./hono";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether the visitor reached Cloudflare over plain http: the request URL's scheme, or CF-Visitor's. */
export function arrivedOverHttp(request: Request): boolean {
  if (new URL(request.url).protocol === "http:") return true;
  try {
    return (JSON.parse(request.headers.get("CF-Visitor") ?? "{}") as { scheme?: unknown }).scheme === "http";
  } catch {
    return false;
  }
}

/**
 * In production every request that arrived over http is sent to the same URL over https: 301 for GET and
 * HEAD, 308 for the rest (a 301 lets browsers turn a POST into a GET). Never for development or a local host
 * (wrangler dev, the tests). Static assets are served before the Worker runs: the zone's "Always Use HTTPS"
 * covers those (docs/deploy.md), and HSTS (security-headers.ts) keeps browsers on https afterwards.
 */
export const redirectToHttps: MiddlewareHandler<AppBindings> = async (c, next) => {
  const url = new URL(c.req.url);
  if (c.var.config.ENVIRONMENT !== "production" || LOCAL_HOSTS.has(url.hostname) || !arrivedOverHttp(c.req.raw))
    return next();
  url.protocol = "https:";
  url.port = "";
  return c.redirect(url.toString(), c.req.method === "GET" || c.req.method === "HEAD" ? 301 : 308);
};
