import type { I18n } from "@lingui/core";
import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { DataRouter } from "react-router-dom";
import { RouterProvider } from "react-router-dom";
import { LocaleProvider } from "../lib/i18n";
import { type Site, SiteContext } from "../lib/site";
import { Providers } from "./providers";

/** The whole app; the browser passes a browser router, the Worker a memory router at the request's URL. */
export function App({
  router,
  queryClient,
  site,
  i18n,
}: {
  router: DataRouter;
  queryClient: QueryClient;
  site: Site;
  i18n: I18n;
}) {
  // Marks the page interactive: a server-rendered button does nothing until hydration has attached
  // its handler, so browser tests wait for this before clicking one (e2e `waitForHydration`).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <SiteContext.Provider value={site}>
      <LocaleProvider locale={site.locale} i18n={i18n}>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </LocaleProvider>
    </SiteContext.Provider>
  );
}
