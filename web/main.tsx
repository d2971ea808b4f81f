import "./styles.css";
import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { SERVER_STATE_ID, type ServerState, SITE_STATE_ID, type SiteState } from "#contract/pages/render-contract";
import { App } from "./app/app";
import { loadRouteModules, routes } from "./app/router";
import { createQueryClient } from "./lib/query-client";

/** The Worker's start-up state when it rendered this page (public pages), else null (the empty shell). */
function readServerState(): ServerState | null {
  const script = document.getElementById(SERVER_STATE_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as ServerState) : null;
}

/** The empty shell's site settings (the Worker adds them to every page it serves; the Vite dev server does not). */
function readSiteState(): SiteState | null {
  const script = document.getElementById(SITE_STATE_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as SiteState) : null;
}

async function start() {
  // Built pages get the fonts from web/boot.ts; the dev server loads this entry directly.
  if (import.meta.env.DEV) (await import("./lib/web-fonts")).addWebFonts();
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  // The dev server loads this entry on island pages too (built pages go through web/boot.ts): hydrate islands.
  if (root.dataset.islands !== undefined) {
    await import("./islands/scheduler");
    return;
  }
  const server = readServerState();
  const queryClient = createQueryClient();
  if (server) {
    // The data is as fresh as the page (which the edge may have cached for a minute): count its
    // age from now, so the pages do not fetch again what they were just handed.
    const state = server.queries as DehydratedState;
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
    // The matched pages' code must be in place before hydrating, or the router renders its fallback.
    await loadRouteModules(window.location.pathname);
  }
  const app = (
    <StrictMode>
      <App
        router={createBrowserRouter(routes)}
        queryClient={queryClient}
        site={
          server?.site ?? readSiteState() ?? { origin: window.location.origin, timeZone: "UTC", turnstileSiteKey: null }
        }
      />
    </StrictMode>
  );
  // As a transition, hydration is interruptible: React yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page (the phone's first tap is not blocked).
  if (server)
    startTransition(() => {
      hydrateRoot(root, app);
    });
  else createRoot(root).render(app);
}

void start();
