import type { ComponentType } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { SPA_ROUTES, type SpaRouteName } from "#contract/spa/route-table";
import { HomePage } from "./home/home-page";
import { RootLayout } from "./layout";
import { NotFoundPage } from "./not-found-page";
import { PageFallback } from "./page-fallback";
import { RootErrorBoundary } from "./root-error-boundary";
import { RouteErrorPage } from "./route-error-page";

type PageRoute = Pick<RouteObject, "Component" | "lazy">;

/** A page whose code is split into its own chunk and fetched on first visit. */
function lazyPage(load: () => Promise<ComponentType>): PageRoute {
  return { lazy: async () => ({ Component: await load() }) };
}

/**
 * One entry per route of the shared table: the Record type makes a route added to SPA_ROUTES
 * without a page a type error. Home is eager (it is the landing page, and its header behaviour
 * should not wait for a chunk); everything else is lazy, which keeps the entry chunk small and
 * puts every admin page in chunks that public pages never load.
 */
const pages: Record<SpaRouteName, PageRoute> = {
  home: { Component: HomePage },
  howItWorks: lazyPage(() => import("./how-it-works").then((m) => m.HowItWorks)),
  events: lazyPage(() => import("../features/events/events-page").then((m) => m.EventsRoute)),
  event: lazyPage(() => import("../features/events/event-page").then((m) => m.EventPage)),
  actions: lazyPage(() => import("./actions").then((m) => m.Actions)),
  actionPreview: lazyPage(() => import("../features/actions/action-preview-page").then((m) => m.ActionPreviewPage)),
  action: lazyPage(() => import("./action-detail-page").then((m) => m.ActionDetailPage)),
  about: lazyPage(() => import("./about/about-page").then((m) => m.AboutPage)),
  support: lazyPage(() => import("../features/support/support-page").then((m) => m.SupportPage)),
  getSupport: lazyPage(() => import("../features/support/support-page").then((m) => m.SupportPage)),
  submitEvent: lazyPage(() => import("../features/events/submit-event-page").then((m) => m.SubmitEventRoute)),
  unsubscribe: lazyPage(() => import("../features/subscribers/unsubscribe-page").then((m) => m.UnsubscribePage)),
  confirmSubscription: lazyPage(() =>
    import("../features/subscribers/confirm-subscription-page").then((m) => m.ConfirmSubscriptionPage),
  ),
  didIt: lazyPage(() => import("./did-it/did-it-page").then((m) => m.DidItRoute)),
  auth: lazyPage(() => import("../features/auth/auth-page").then((m) => m.AuthRoute)),
  authVerify: lazyPage(() => import("../features/auth/auth-verify-page").then((m) => m.AuthVerifyPage)),
  myProgress: lazyPage(() => import("./my-progress").then((m) => m.MyProgress)),
  admin: lazyPage(() => import("./admin-dashboard").then((m) => m.AdminDashboard)),
  adminActions: lazyPage(() => import("../features/actions/admin/admin-actions-page").then((m) => m.AdminActionsPage)),
  adminActionNew: lazyPage(() =>
    import("../features/actions/admin/admin-action-new-page").then((m) => m.AdminActionNewPage),
  ),
  adminActionEdit: lazyPage(() =>
    import("../features/actions/admin/admin-action-edit-page").then((m) => m.AdminActionEditPage),
  ),
  adminPetitions: lazyPage(() =>
    import("../features/petitions/admin-petitions-page").then((m) => m.AdminPetitionsPage),
  ),
  adminTips: lazyPage(() => import("../features/tips/admin-tips-page").then((m) => m.AdminTipsPage)),
  adminEmail: lazyPage(() =>
    import("../features/email/admin-email-settings-page").then((m) => m.AdminEmailSettingsPage),
  ),
  adminSecurity: lazyPage(() =>
    import("../features/security/security-dashboard-page").then((m) => m.SecurityDashboardPage),
  ),
  adminContentExport: lazyPage(() =>
    import("../features/content-export/admin-content-export-page").then((m) => m.AdminContentExportPage),
  ),
  adminApiReference: lazyPage(() =>
    import("../features/api-reference/api-reference-page").then((m) => m.ApiReferencePage),
  ),
  adminStatus: lazyPage(() => import("../features/operations/system-status-page").then((m) => m.SystemStatusPage)),
  adminSubscribers: lazyPage(() =>
    import("../features/subscribers/admin/admin-subscribers-page").then((m) => m.AdminSubscribersPage),
  ),
  adminMessages: lazyPage(() => import("../features/contact/admin-messages-page").then((m) => m.AdminMessagesPage)),
};

const routeNames = Object.keys(SPA_ROUTES) as SpaRouteName[];
const isAdminRoute = (name: SpaRouteName) => SPA_ROUTES[name].startsWith("/admin");
const toRoute = (name: SpaRouteName): RouteObject => ({ id: name, path: SPA_ROUTES[name], ...pages[name] });

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
          ...routeNames.filter((name) => !isAdminRoute(name)).map(toRoute),
          {
            // The admin shell (the place for the admin guard) is lazy too, so no admin code is in public chunks.
            lazy: async () => ({ Component: (await import("./admin-shell")).AdminShell }),
            children: routeNames.filter(isAdminRoute).map(toRoute),
          },
          { path: "*", Component: NotFoundPage },
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
