import { useContext, useEffect, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { Island } from "../islands/island";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";
import { SiteContext } from "../lib/site";
import { routePath } from "../pages";
import { AccountLinks } from "./account-links";
import { LanguageSwitch } from "./language-switch";
import { Wordmark } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

/** Spec §9: on the home page the header turns solid once the page has scrolled more than this. */
export const HEADER_SOLID_SCROLL_PX = 50;

function useScrolledPast(px: number, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [px, enabled]);
  return past;
}

const NAV_LINK = "rounded-full px-3.5 py-2 text-[0.95rem] font-medium transition-colors";
// Each look is written for the solid header and, after it, for the transparent one (group-data-[solid=false]).
const NAV_LINK_ACTIVE =
  "bg-forest-100 text-forest-900 group-data-[solid=false]/header:bg-white/20 group-data-[solid=false]/header:text-white";
const NAV_LINK_IDLE =
  "text-forest-800 hover:bg-sand-200 group-data-[solid=false]/header:text-white/90 group-data-[solid=false]/header:hover:bg-white/10 group-data-[solid=false]/header:hover:text-white";

/**
 * The site header. Its look follows its data-solid attribute alone (CSS variants), so on a server-rendered
 * page the scroll state needs no React: web/islands/scheduler.ts sets the attribute from `data-solid-after`
 * (decision 205); in the single-page app React sets it. The menu button and, for a signed-in visitor, the
 * account links are islands.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const isHome = pathname === routePath("home");
  const scrolled = useScrolledPast(HEADER_SOLID_SCROLL_PX, isHome);
  const solid = !isHome || scrolled;
  const signedOut = useContext(SiteContext).signedIn === false;
  const { t } = useT();

  // Opaque when solid, with no backdrop blur: behind a 95% opaque fill the blur was all but invisible, yet the sticky
  // header had it painted again on every scroll (decision 240).
  return (
    <header
      data-testid="site-header"
      data-solid={solid ? "true" : "false"}
      data-solid-after={isHome ? HEADER_SOLID_SCROLL_PX : undefined}
      className="group/header sticky top-0 z-40 h-[var(--header-height)] border-b border-border bg-sand-50 text-forest-900 shadow-sm transition-[background-color,box-shadow,color] duration-300 data-[solid=false]:on-dark data-[solid=false]:border-b-0 data-[solid=false]:bg-transparent data-[solid=false]:text-white data-[solid=false]:shadow-none"
    >
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <Link to={routePath("home")} className="rounded-lg">
          <Wordmark tone="header" />
        </Link>

        <nav aria-label={t("chrome.nav.main")} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    className={cn(NAV_LINK, active ? NAV_LINK_ACTIVE : NAV_LINK_IDLE)}
                  >
                    {item.label(t)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitch className="text-forest-800 hover:bg-sand-200 group-data-[solid=false]/header:text-white/90 group-data-[solid=false]/header:hover:bg-white/10" />
          {/* A wrapper carries the breakpoint: the button's own inline-flex would win over `hidden`. */}
          <div className="hidden lg:block">
            {/* Signed out is known from the request: "Sign In" is a plain link, no island. */}
            {signedOut ? (
              <AccountLinks variant="header" />
            ) : (
              <Island name="accountLinks" component={AccountLinks} props={{ variant: "header" }} hydrate="visible" />
            )}
          </div>
          <Island name="mobileMenu" component={MobileMenu} props={{}} hydrate="use" />
        </div>
      </div>
    </header>
  );
}
