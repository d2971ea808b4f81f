import { matchRoutes, type RouteObject } from "react-router-dom";
import { PAGES, type PageName } from "../pages";
import { RootLayout } from "./layout";
import { PageFallback } from "./page-fallback";
import { RootErrorBoundary } from "./root-error-boundary";
import { RouteErrorPage } from "./route-error-page";

/**
 * The browser's routes, one per page module (web/pages, decision 209). Every page's code is its own chunk,
 * fetched on first visit, which keeps the entry chunk small and puts every admin page in chunks that public pages
 * never load.
 */
const names = Object.keys(PAGES) as PageName[];
const isAdmin = (name: PageName) => PAGES[name].path.startsWith("/admin");
const toRoute = (name: PageName): RouteObject => ({
  id: name,
  path: PAGES[name].path,
  lazy: async () => ({ Component: await PAGES[name].component() }),
});

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        // Pathless: errors and the first lazy load render inside the layout, keeping header and footer.
        ErrorBoundary: RouteErrorPage,
        HydrateFallback: PageFallback,
        children: [
          ...names.filter((name) => !isAdmin(name)).map(toRoute),
          {
            // The admin shell (the place for the admin guard) is lazy too, so no admin code is in public chunks.
            lazy: async () => ({ Component: (await import("./admin-shell")).AdminShell }),
            children: names.filter(isAdmin).map(toRoute),
          },
        ],
      },
    ],
  },
];

/**
 * Loads the code of every lazy route that matches `pathname` and writes it into the route objects, so
 * a router created afterwards renders the page at once instead of its HydrateFallback: the Worker does
 * this before rendering a page (web/ssr).
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
