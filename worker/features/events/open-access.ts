import { createMiddleware } from "hono/factory";
import { documents, errorAnswer } from "../../platform/api-docs";
import { BUILD } from "../../platform/build-info";
import { tooManyRequests } from "../../platform/errors";
import type { AppBindings } from "../../platform/hono";
import { limitPerClient } from "../../platform/rate-limit";
import { clientIp } from "../../platform/request";

/**
 * Open event data (decision 261): the read-only event endpoints answer any origin. GET answers carry
 * `Access-Control-Allow-Origin: *` (never with credentials: nothing here reads a cookie or a token), and a
 * preflight (OPTIONS) is answered here with the methods and headers a reader may use, cached by browsers a day.
 */
export const OPEN_METHODS = "GET, HEAD, OPTIONS";
export const OPEN_HEADERS = "Accept, Content-Type, If-None-Match, If-Modified-Since";
export const OPEN_DATA_LIMIT_MESSAGE = "Too many requests for event data from this client. Please wait a minute.";

export const openCors = createMiddleware<AppBindings>(async (c, next) => {
  if (c.req.method === "OPTIONS") {
    return c.body(null, 204, {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": OPEN_METHODS,
      "Access-Control-Allow-Headers": OPEN_HEADERS,
      "Access-Control-Max-Age": "86400",
      Vary: "Access-Control-Request-Headers",
    });
  }
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    c.res.headers.set("Access-Control-Allow-Origin", "*");
    c.res.headers.set("Access-Control-Expose-Headers", "Retry-After, X-Edge-Cache");
  }
});

/** The open paths: their answers may be loaded by other origins' pages (CORP), set over the default same-origin. */
export const OPEN_PATHS = /^\/(?:api\/events(?:\/|$)|api\/osdi\/|embed\/)/;

/**
 * Registered before the security headers (whose same-origin Cross-Origin-Resource-Policy it replaces on the way
 * out): a partner page's <script src> of the embed is a no-cors request, which that policy would block.
 */
export const crossOriginReadable = createMiddleware<AppBindings>(async (c, next) => {
  await next();
  if (OPEN_PATHS.test(new URL(c.req.url).pathname)) {
    c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  }
});

/**
 * Per client (IPv4 address or IPv6 /64): the RATE_LIMIT_TOKENS binding's 120 a minute, under its own key, so
 * a partner's reader polling the feeds cannot crowd out anyone else. Fails open, as the forms: a limiter outage
 * must not take public data down. Requests without CF-Connecting-IP (local runs, the page renderer's in-process
 * reads) are not limited.
 */
export const openDataLimit = documents(
  createMiddleware<AppBindings>(async (c, next) => {
    const ip = clientIp(c);
    if (ip) {
      const result = await limitPerClient(c.env.RATE_LIMIT_TOKENS, "open-data", ip, { failClosed: false });
      if (!result.ok) throw tooManyRequests(result.retryAfterSeconds, OPEN_DATA_LIMIT_MESSAGE);
    }
    await next();
  }),
  { responses: { 429: errorAnswer(`${OPEN_DATA_LIMIT_MESSAGE} (Retry-After says when)`) } },
);

const BUILD_ID = `${BUILD.commit}-${BUILD.builtAt ?? "dev"}`.replace(/[^\w.-]/g, "");

/**
 * The edge cache of a public read (the page cache's pattern, decision 141): the Cache API keyed by build, path
 * and sorted query, kept `ttlSeconds`; a hit is answered without a query. Only complete 200 answers are kept.
 */
export const edgeCached = (ttlSeconds: number) =>
  createMiddleware<AppBindings>(async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = new URL(c.req.url);
    url.searchParams.sort();
    const key = new Request(`${url.origin}/__open/${BUILD_ID}${url.pathname}?${url.searchParams}`);
    const hit = await caches.default.match(key);
    if (hit) {
      c.res = new Response(hit.body, hit);
      c.res.headers.set("X-Edge-Cache", "hit");
      return;
    }
    await next();
    if (c.res.status !== 200 || !c.res.body) return;
    c.res.headers.set("Cache-Control", `public, max-age=${ttlSeconds}`);
    const [forVisitor, forCache] = c.res.body.tee();
    const stored = new Response(forCache, c.res);
    c.executionCtx.waitUntil(caches.default.put(key, stored));
    const fresh = new Response(forVisitor, c.res);
    fresh.headers.set("X-Edge-Cache", "miss");
    c.res = fresh;
  });
