import type { I18n } from "@lingui/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { localeBase } from "#contract/i18n/locales";
import { AuthProvider } from "../lib/auth/auth-provider";
import { LocaleProvider } from "../lib/i18n";
import { type Site, SiteContext } from "../lib/site";
import { IslandRouter } from "./island-router";

function Hydrated({ onHydrated, children }: { onHydrated?: () => void; children: ReactNode }) {
  // A parent's effects run after its children's: the island's own effects and refs are in place.
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}

/**
 * What every island is rendered in, on the server and in the browser alike, so both render the same tree
 * (and `useId` agrees): the site's settings, the page's query cache (one for all its islands), the session
 * and the island router. `url` is the request's on the server, null in the browser.
 */
export function IslandProviders({
  site,
  queryClient,
  url,
  i18n,
  onHydrated,
  children,
}: {
  site: Site;
  i18n: I18n;
  queryClient: QueryClient;
  url: string | null;
  onHydrated?: () => void;
  children: ReactNode;
}) {
  return (
    <SiteContext.Provider value={site}>
      <LocaleProvider locale={site.locale} i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <IslandRouter url={url} basename={localeBase(site.locale)}>
              <Hydrated onHydrated={onHydrated}>{children}</Hydrated>
            </IslandRouter>
          </AuthProvider>
        </QueryClientProvider>
      </LocaleProvider>
    </SiteContext.Provider>
  );
}
