import { PAGE_ROUTES, renderPage } from "@web/ssr";
import type { Context } from "hono";
import type { PublicActionWithImpact } from "#contract/actions/schemas";
import { eventIdFromPathParam, eventPath } from "#contract/events/event-path";
import type { EventPage } from "#contract/events/schemas";
import { eventsUrlSearch, readEventsUrl } from "#contract/events/search-url";
import { LOCALES, type Locale, localeOfPath, localizePath } from "#contract/i18n/locales";
import { type PageRoute, type RenderedPage, SITE_STATE_ID, type SiteState } from "#contract/pages/render-contract";
import { scriptSafeJson } from "#contract/platform/script-safe-json";
import { titled } from "#contract/seo/page-meta";
import { botCheckKeys, type Config } from "../../platform/config";
import { type AppBindings, createRouter } from "../../platform/hono";
import { actionMetaTags, withActionMeta } from "../actions/page-meta";
import { withEventMarkup } from "../events/event-markup";
import { localizedMeta, localizedTitle, withLanguage } from "../seo/languages";
import { withPageMeta, withTitle } from "../seo/routes";
import { fetchPublicShell, serveSpa } from "../spa/routes";
import { pageApiFetch, readPageApi, withPageApi } from "./page-api";
import { cachedPage, isSignedInRequest, pageCacheKey, storePage } from "./page-cache";
import { pageDocument } from "./page-document";

/** What the browser needs of this deployment's settings, on every page (rendered or the empty shell). */
export const siteState = (config: Config, locale: Locale): SiteState => ({
  origin: config.siteOrigin,
  timeZone: config.SITE_TIMEZONE,
  turnstileSiteKey: botCheckKeys(config)?.siteKey ?? null,
  locale,
});

/** The request's page language, from its path (decision 270). */
const requestLocale = (c: Context<AppBindings>): Locale => localeOfPath(new URL(c.req.url).pathname);

/**
 * A page by its name in web/pages. Throws for a name no module has: `servePage` reads a missing page as the
 * not-found page, so a renamed page must fail at start-up, not answer 404 quietly.
 */
export function pageRoute(name: string): PageRoute {
  const page = PAGE_ROUTES.find((p) => p.name === name);
  if (!page) throw new Error(`no page named ${name} in web/pages`);
  return page;
}

/** The page for paths no other page claims (web/pages/not-found.page.ts): the Worker answers it with 404. */
const NOT_FOUND_PAGE = PAGE_ROUTES.find((page) => page.path === "*");

/** A form POST that answers with its page: that page's URL (with the outcome) and the error's status. */
type PageOverride = { url: string; status: 400 | 404 | 429 | 503 };

/**
 * A public page, rendered by React in the Worker (decision 140) and, for anonymous visitors, served
 * from the edge cache while it is fresh (decision 141). Unknown paths get the not-found page with status 404.
 */
export async function servePage(
  c: Context<AppBindings>,
  route: PageRoute | undefined = NOT_FOUND_PAGE,
  override?: PageOverride,
): Promise<Response> {
  const personal = route?.personal === true || override !== undefined;
  // The events search is one cache entry per search, however its query string is spelled (decision 203).
  const search = route?.name === "events" ? eventsUrlSearch(readEventsUrl(new URL(c.req.url).searchParams)) : undefined;
  const key = personal || isSignedInRequest(c) ? null : await pageCacheKey(c, search);
  const hit = key ? await cachedPage(key) : null;
  if (hit) return hit;

  const asset = await fetchPublicShell(c);
  if (!asset.ok) return c.text("The web app has not been built. Run `npm run build`.", 503);
  const rendered = await withPageApi(c, () => renderWithHead(c, route, asset, override));
  if (rendered instanceof Response) return rendered;
  const { shell, page } = rendered;
  const response = new Response(pageDocument(await shell.text(), page), {
    status: override?.status ?? page.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": personal ? "no-store" : "no-cache" },
  });
  if (personal) response.headers.set("X-Robots-Tag", "noindex");
  if (!key) {
    response.headers.set("X-Page-Cache", "bypass");
    return response;
  }
  return storePage(c, key, response);
}

/**
 * The page and its head (title, description, social card, structured data), every read made through the API in
 * process (decision 206): an action's or an event's page reads it once for both. A moved event answers a redirect.
 */
async function renderWithHead(
  c: Context<AppBindings>,
  route: PageRoute | undefined,
  asset: Response,
  override?: PageOverride,
): Promise<Response | { shell: Response; page: RenderedPage }> {
  const { config } = c.var;
  const locale = requestLocale(c);
  let shell = asset;
  if (route?.name === "action") {
    const found = await readPageApi<{ action: PublicActionWithImpact }>(
      `/api/actions/${encodeURIComponent(c.req.param("slug") ?? "")}?lang=${locale}`,
    );
    if (found) shell = withActionMeta(asset, actionMetaTags(found.action, config.siteOrigin, config.SITE_NAME, locale));
  } else if (route?.name === "event") {
    const id = eventIdFromPathParam(c.req.param("event") ?? "");
    const found = id ? await readPageApi<{ event: EventPage }>(`/api/events/${encodeURIComponent(id)}/page`) : null;
    if (found) {
      // One address per event and language: an old or mistyped slug moves to the current one.
      const url = new URL(c.req.url);
      const path = localizePath(eventPath(found.event), locale);
      if (url.pathname !== path) return c.redirect(`${path}${url.search}`, 301);
      shell = withEventMarkup(asset, found.event, { origin: config.siteOrigin, name: config.SITE_NAME });
    }
  } else if (route?.meta) {
    shell = withPageMeta(asset, localizedMeta(route, route.meta, locale), config.siteOrigin);
  }

  const site = { ...siteState(config, locale), signedIn: isSignedInRequest(c) };
  const page = await renderPage({ url: override?.url ?? c.req.url, site, api: pageApiFetch });
  // The title the page sets once it runs, so it does not change under the reader's eyes.
  // A missing subject: the page's own not-found title, else the not-found page's title.
  const [titleOwner, kind] =
    page.status !== 404
      ? ([route, "title"] as const)
      : route?.notFoundTitle
        ? ([route, "notFoundTitle"] as const)
        : ([NOT_FOUND_PAGE, "title"] as const);
  const title = titleOwner?.[kind];
  if (titleOwner && title) shell = withTitle(asset, titled(localizedTitle(titleOwner, kind, title, locale)));
  shell = withLanguage(shell, locale, new URL(override?.url ?? c.req.url).pathname, config.siteOrigin);
  return { shell, page };
}

/**
 * A GET route per page (web/pages, decision 209), so the Worker and the web router never disagree: the
 * server-rendered pages rendered here, the others (admin, My Progress, previews, sign-in links) as the empty shell
 * the browser renders. Anything else is the not-found page (worker/app.ts `notFound`).
 */
export const pagesRoutes = createRouter();
for (const route of PAGE_ROUTES) {
  if (route === NOT_FOUND_PAGE) continue;
  // Each page at its English path and under /es/ (decision 270).
  for (const path of LOCALES.map((locale) => localizePath(route.path, locale))) {
    if (route.render === "server") pagesRoutes.get(path, (c) => servePage(c, route));
    else
      pagesRoutes.get(path, (c) =>
        serveSpa(
          c,
          200,
          `<script type="application/json" id="${SITE_STATE_ID}">${scriptSafeJson(siteState(c.var.config, requestLocale(c)))}</script>`,
          requestLocale(c),
        ),
      );
  }
}
