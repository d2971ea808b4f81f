import type { I18n } from "@lingui/core";
import type { QueryClient } from "@tanstack/react-query";
import { dehydrate } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createMemoryRouter, matchRoutes } from "react-router-dom";
import { type Locale, localeBase, stripLocale } from "#contract/i18n/locales";
import type { PageRoute, RenderPage, ServerState, SiteState } from "#contract/pages/render-contract";
import { scriptSafeJson } from "#contract/platform/script-safe-json";
import enSite from "../../locales/en/site?lingui";
import esSite from "../../locales/es/site?lingui";
import { App } from "../app/app";
import { loadRouteModules, routes } from "../app/router";
import { IslandCollector, IslandCollectorContext, slotMarkup } from "../islands/island";
import { IslandProviders } from "../islands/island-providers";
import { sendApiCallsThrough } from "../lib/api";
import { createSiteI18n } from "../lib/i18n";
import { preloadLazyBlocks } from "../lib/lazy-block";
import { createQueryClient } from "../lib/query-client";
import { PAGES, type PageName } from "../pages";
import { NOT_FOUND, type Page } from "../pages/page";

/** The pages as the Worker routes and heads them (decision 209): each module's declaration without its code. */
export const PAGE_ROUTES: readonly PageRoute[] = Object.entries(PAGES as Record<PageName, Page>).map(
  ([name, { data: _data, component: _component, ...route }]) => ({ name, ...route }),
);

/**
 * Renders one public page in the Worker (decision 140): the same routes and components as the browser,
 * the page's data read by its own queries through `api` (the Worker's app in process, decision 206) into a
 * fresh query cache, React's streaming renderer run to completion (every lazy block resolved, so crawlers and
 * no-JavaScript visitors get the whole page).
 */
/** Both languages' messages: the Worker renders either (the browser loads only its page's, web/lib/i18n-load.ts). */
const SITE_MESSAGES: Record<Locale, typeof enSite> = { en: enSite, es: esSite };

export const renderPage: RenderPage = async ({ url, site, api }) => {
  sendApiCallsThrough(api);
  const { pathname: fullPath, search } = new URL(url);
  // "/es/actions" is the actions page in Spanish: the routes match the path without its language (decision 270).
  const pathname = stripLocale(fullPath);
  const basename = localeBase(site.locale) || undefined;
  const i18n = createSiteI18n(site.locale, SITE_MESSAGES[site.locale]);
  await loadRouteModules(pathname);
  await preloadLazyBlocks();
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  let status: 200 | 404 = !leaf || leaf.route.path === "*" ? 404 : 200;

  const queryClient = createQueryClient();
  const page: Page | undefined = leaf?.route.id ? PAGES[leaf.route.id as PageName] : undefined;
  const context = { queryClient, params: leaf?.params ?? {}, query: new URLSearchParams(search), locale: site.locale };
  if ((await page?.data?.(context)) === NOT_FOUND) status = 404;
  // A read that failed is left for the browser to retry: both then render the same loading state first.
  queryClient.removeQueries({ predicate: (q) => q.state.status !== "success" });

  const router = createMemoryRouter(routes, { initialEntries: [fullPath + search], basename });
  // The browser hydrates only the page's islands (decision 205), each rendered here as its own root.
  const collector = new IslandCollector();
  let html = await renderHtml(
    <IslandCollectorContext.Provider value={collector}>
      <App router={router} queryClient={queryClient} site={site} i18n={i18n} />
    </IslandCollectorContext.Provider>,
    pathname,
  );
  html = await withIslands(html, collector, { site, queryClient, url, i18n });
  const state: ServerState = { site, queries: dehydrate(queryClient) };
  return { status, html, state: scriptSafeJson(state) };
};

/** React's streaming renderer run to completion, as text. */
async function renderHtml(tree: ReactNode, pathname: string): Promise<string> {
  const stream = await renderToReadableStream(tree, {
    // Every boundary inline, in order: no fallbacks swapped in by inline scripts, which the
    // Content-Security-Policy (script-src 'self') blocks and visitors without JavaScript never run.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      console.error("page render failed", pathname, error);
    },
  });
  await stream.allReady;
  return new Response(stream).text();
}

/**
 * Each island's slot filled with the island rendered as its own root, in the providers the browser hydrates
 * it in: the same tree on both sides, so the ids React derives from it (`useId`) agree.
 */
async function withIslands(
  html: string,
  collector: IslandCollector,
  context: { site: SiteState; queryClient: QueryClient; url: string; i18n: I18n },
): Promise<string> {
  const rendered = await Promise.all(
    collector.islands.map(({ component: Component, props }) =>
      renderHtml(
        <IslandProviders site={context.site} queryClient={context.queryClient} url={context.url} i18n={context.i18n}>
          <Component {...props} />
        </IslandProviders>,
        new URL(context.url).pathname,
      ),
    ),
  );
  return rendered.reduce((page, island, slot) => page.replace(slotMarkup(slot), () => island), html);
}
