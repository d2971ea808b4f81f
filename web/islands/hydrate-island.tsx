import type { I18n } from "@lingui/core";
import { type DehydratedState, hydrate, type QueryClient } from "@tanstack/react-query";
import { type ComponentType, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { SERVER_STATE_ID, type ServerState } from "#contract/pages/render-contract";
import { LazyToaster } from "../app/lazy-toaster";
import { createSiteI18n } from "../lib/i18n";
import { loadSiteMessages } from "../lib/i18n-load";
import { createQueryClient } from "../lib/query-client";
import type { Site } from "../lib/site";
import { IslandProviders } from "./island-providers";

type PageState = { site: Site; queryClient: QueryClient; i18n: I18n };
let page: Promise<PageState> | null = null;

/**
 * The page's start-up state, read once for all its islands: one query cache, one toaster, and the page language's
 * messages (their chunk is fetched with the first island's code, decision 270).
 */
export function pageState(): Promise<PageState> {
  page ??= readPageState();
  return page;
}

async function readPageState(): Promise<PageState> {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) throw new Error(`#${SERVER_STATE_ID} is missing from an island page`);
  const state = JSON.parse(script.textContent) as ServerState;
  const queryClient = createQueryClient();
  // As fresh as the page: counted from now, so an island does not fetch again what the page was handed.
  const queries = state.queries as DehydratedState;
  const now = Date.now();
  for (const query of queries.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, queries);
  startToaster();
  const i18n = createSiteI18n(state.site.locale, await loadSiteMessages(state.site.locale));
  return { site: state.site, queryClient, i18n };
}

let toaster = false;

/**
 * Toasts come from any island, one at a time (spec §9): one toaster for the page, its code loaded with the first
 * toast. The scheduler starts it at once when the previous page carried a toast over.
 */
export function startToaster(): void {
  if (toaster) return;
  toaster = true;
  const host = document.createElement("div");
  document.body.append(host);
  createRoot(host).render(<LazyToaster />);
}

/** Hydrates one island in place; settles once its effects have run (its handlers are attached). */
export async function hydrateIsland(
  element: HTMLElement,
  Component: ComponentType<object>,
  props: object,
): Promise<void> {
  const { site, queryClient, i18n } = await pageState();
  return new Promise((resolve) => {
    // A transition: React yields to the browser while it hydrates, so a tap is not held up.
    startTransition(() => {
      hydrateRoot(
        element,
        <IslandProviders site={site} queryClient={queryClient} url={null} i18n={i18n} onHydrated={resolve}>
          <Component {...props} />
        </IslandProviders>,
      );
    });
  });
}
