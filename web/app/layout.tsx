import { Outlet } from "react-router-dom";
import { SiteFooter } from "./footer";
import { SiteHeader } from "./header";
import { NavigationProgress } from "./navigation-progress";
import { RouteAnnouncer } from "./route-announcer";
import { ScrollToTop } from "./scroll-to-top";
import { MAIN_ID, SkipLink } from "./skip-link";

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <ScrollToTop />
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <RouteAnnouncer />
    </div>
  );
}
