import type { QueryClient } from "@tanstack/react-query";
import type { DataRouter } from "react-router-dom";
import { RouterProvider } from "react-router-dom";
import { type Site, SiteContext } from "../lib/site";
import { Providers } from "./providers";

/** The whole app; the browser passes a browser router, the Worker a memory router at the request's URL. */
export function App({ router, queryClient, site }: { router: DataRouter; queryClient: QueryClient; site: Site }) {
  return (
    <SiteContext.Provider value={site}>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </SiteContext.Provider>
  );
}
