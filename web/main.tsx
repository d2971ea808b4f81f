import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router-dom";
import { localeBase, localeOfPath } from "#contract/i18n/locales";
import { SITE_STATE_ID, type SiteState } from "#contract/pages/render-contract";
import { App } from "./app/app";
import { routes } from "./app/router";
import { createSiteI18n } from "./lib/i18n";
import { loadSiteMessages } from "./lib/i18n-load";
import { createQueryClient } from "./lib/query-client";

/** The empty shell's site settings (the Worker adds them to every page it serves; the Vite dev server does not). */
function readSiteState(): SiteState | null {
  const script = document.getElementById(SITE_STATE_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as SiteState) : null;
}

/**
 * The single-page app (My Progress, admin, previews, the email links): the Worker serves it the empty shell and the
 * browser renders it. Server-rendered pages are never hydrated whole: their islands are (decision 205).
 */
async function start() {
  // Built pages get the fonts from web/boot.ts; the dev server loads this entry directly.
  if (import.meta.env.DEV) (await import("./lib/web-fonts")).startWebFonts(Promise.resolve());
  const root = document.getElementById("root");
  if (!root) throw new Error("#root is missing from index.html");
  // The dev server loads this entry on server-rendered pages too (built pages go through web/boot.ts).
  if (root.dataset.islands !== undefined) {
    await import("./islands/scheduler");
    return;
  }
  const site = readSiteState() ?? {
    origin: window.location.origin,
    timeZone: "UTC",
    turnstileSiteKey: null,
    locale: localeOfPath(window.location.pathname),
  };
  const i18n = createSiteI18n(site.locale, await loadSiteMessages(site.locale));
  createRoot(root).render(
    <StrictMode>
      <App
        router={createBrowserRouter(routes, { basename: localeBase(site.locale) || undefined })}
        queryClient={createQueryClient()}
        site={site}
        i18n={i18n}
      />
    </StrictMode>,
  );
}

void start();
