import type { Context, MiddlewareHandler } from "hono";
import { BUILD } from "../../platform/build-info";
import type { AppBindings } from "../../platform/hono";
import { hasRefreshCookie } from "../../platform/refresh-cookie";

/**
 * The edge cache of anonymous page HTML (decision 141). Cache API entries are keyed by build, content
 * version and path; a new deploy or an admin's publish/edit/petitions save (which bumps the version
 * in KV) makes every older entry unreachable, and the short TTL bounds what KV's propagation delay
 * or a date rollover can leave stale.
 */
export const PAGE_TTL_SECONDS = 60;
export const PAGES_VERSION_KEY = "pages:version";

/** The build's commit and time (scripts/build-info.mjs): a fresh deploy never serves the previous build's HTML. */
const BUILD_ID = `${BUILD.commit}-${BUILD.builtAt ?? "dev"}`.replace(/[^\w.-]/g, "");

/** Signed-in visitors carry the refresh cookie: they always get a fresh render, never a cached copy. */
export const isSignedInRequest = (c: Context<AppBindings>) => hasRefreshCookie(c);

/** `search`: the page's own normal form of its query string, where it has one (the events search, decision 203). */
export async function pageCacheKey(c: Context<AppBindings>, search?: string): Promise<Request> {
  const version = (await c.env.KV.get(PAGES_VERSION_KEY, { cacheTtl: PAGE_TTL_SECONDS })) ?? "0";
  const url = new URL(c.req.url);
  return new Request(`${url.origin}/__pages/${BUILD_ID}/${version}${url.pathname}${search ?? url.search}`);
}

export async function cachedPage(key: Request): Promise<Response | null> {
  const hit = await caches.default.match(key);
  if (!hit) return null;
  const page = new Response(hit.body, hit);
  // The edge keeps it for the TTL; browsers always revalidate HTML.
  page.headers.set("Cache-Control", "no-cache");
  page.headers.set("X-Page-Cache", "hit");
  return page;
}

/** Answers with `page` while a copy goes into the cache (only complete, successful pages are kept). */
export function storePage(c: Context<AppBindings>, key: Request, page: Response): Response {
  if (page.status !== 200 || !page.body) return page;
  const [forVisitor, forCache] = page.body.tee();
  const stored = new Response(forCache, page);
  stored.headers.set("Cache-Control", `public, max-age=${PAGE_TTL_SECONDS}`);
  c.executionCtx.waitUntil(caches.default.put(key, stored));
  const answer = new Response(forVisitor, page);
  answer.headers.set("X-Page-Cache", "miss");
  return answer;
}

/** Called after an admin changes what public pages show: every cached page is from then on a miss. */
export async function purgePageCache(kv: KVNamespace): Promise<void> {
  try {
    await kv.put(PAGES_VERSION_KEY, `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`);
  } catch (error) {
    // KV allows one write per second per key: a burst of saves is already covered by the first one.
    console.error("page cache purge failed; cached pages expire within the TTL", error);
  }
}

/**
 * Admin writes that change what public pages show: actions (create, edit, publish, delete), petitions,
 * and tips (an edited or deactivated tip changes /actions). Hiding a shared note does not: notes appear
 * only in emails, and the impact counts include hidden notes. A weekly campaign's new tip, recorded
 * when its emails are built, and events ingested or approved reach pages within the TTL.
 */
const PAGE_CONTENT_WRITES = /^\/api\/admin\/(actions|petitions|tips)(\/|$)/;

/** On the admin sub-app: once such a write succeeded, the cached pages are dropped. */
export const purgePagesAfterAdminWrite: MiddlewareHandler<AppBindings> = async (c, next) => {
  await next();
  if (c.req.method !== "GET" && c.res.status < 400 && PAGE_CONTENT_WRITES.test(c.req.path)) {
    await purgePageCache(c.env.KV);
  }
};
