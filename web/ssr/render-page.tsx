import { dehydrate } from "@tanstack/react-query";
import { renderToReadableStream } from "react-dom/server";
import { createMemoryRouter, matchRoutes } from "react-router-dom";
import type { RenderPage, ServerRenderedRoute, ServerState } from "../../worker/features/pages/contract";
import { scriptSafeJson } from "../../worker/platform/script-safe-json";
import { App } from "../app/app";
import { loadRouteModules, routes } from "../app/router";
import { preloadLazyBlocks } from "../lib/lazy-block";
import { createQueryClient } from "../lib/query-client";
import { NOT_FOUND, PAGE_DATA } from "./page-data";

/**
 * Renders one public page in the Worker (decision 140): the same routes and components as the browser,
 * the page's data read through `data` into a fresh query cache, React's streaming renderer run to
 * completion (every lazy block resolved, so crawlers and no-JavaScript visitors get the whole page).
 */
export const renderPage: RenderPage = async ({ url, site, data }) => {
  const { pathname, search } = new URL(url);
  await loadRouteModules(pathname);
  await preloadLazyBlocks();
  const leaf = matchRoutes(routes, pathname)?.at(-1);
  let status: 200 | 404 = !leaf || leaf.route.path === "*" ? 404 : 200;

  const queryClient = createQueryClient();
  const prefetch = leaf?.route.id ? PAGE_DATA[leaf.route.id as ServerRenderedRoute] : undefined;
  const query = new URLSearchParams(search);
  if (prefetch && (await prefetch(queryClient, data, leaf?.params ?? {}, query)) === NOT_FOUND) status = 404;
  // A read that failed is left for the browser to retry: both then render the same loading state first.
  queryClient.removeQueries({ predicate: (q) => q.state.status !== "success" });

  const router = createMemoryRouter(routes, { initialEntries: [pathname + search] });
  const html = await renderToReadableStream(<App router={router} queryClient={queryClient} site={site} />, {
    // Every boundary inline, in order: no fallbacks swapped in by inline scripts, which the
    // Content-Security-Policy (script-src 'self') blocks and visitors without JavaScript never run.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      console.error("page render failed", pathname, error);
    },
  });
  await html.allReady;
  const state: ServerState = { site, queries: dehydrate(queryClient) };
  return { status, html, state: scriptSafeJson(state) };
};
