import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { AuthProvider } from "../lib/auth/auth-provider";
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
  onHydrated,
  children,
}: {
  site: Site;
  queryClient: QueryClient;
  url: string | null;
  onHydrated?: () => void;
  children: ReactNode;
}) {
  return (
    <SiteContext.Provider value={site}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <IslandRouter url={url}>
            <Hydrated onHydrated={onHydrated}>{children}</Hydrated>
          </IslandRouter>
        </AuthProvider>
      </QueryClientProvider>
    </SiteContext.Provider>
  );
}
