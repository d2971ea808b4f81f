import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { routePath } from "#contract/spa/route-table";
import { cn } from "../lib/cn";
import { AccountLinks } from "./account-links";
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

export function SiteHeader() {
  const { pathname } = useLocation();
  const isHome = pathname === routePath("home");
  const scrolled = useScrolledPast(HEADER_SOLID_SCROLL_PX, isHome);
  const solid = !isHome || scrolled;

  return (
    <header
      data-testid="site-header"
      data-solid={solid ? "true" : "false"}
      className={cn(
        "sticky top-0 z-40 h-[var(--header-height)] transition-[background-color,box-shadow,color] duration-300",
        solid
          ? "border-b border-border bg-sand-50/95 text-forest-900 shadow-sm backdrop-blur-md"
          : "on-dark bg-transparent text-white",
      )}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <Link to={routePath("home")} className="rounded-lg">
          <Wordmark tone={solid ? "dark" : "light"} />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "rounded-full px-3.5 py-2 text-[0.95rem] font-medium transition-colors",
                      solid
                        ? active
                          ? "bg-forest-100 text-forest-900"
                          : "text-forest-800 hover:bg-sand-200"
                        : active
                          ? "bg-white/20 text-white"
                          : "text-white/90 hover:bg-white/10 hover:text-white",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {/* A wrapper carries the breakpoint: the button's own inline-flex would win over `hidden`. */}
          <div className="hidden lg:block">
            <AccountLinks variant={solid ? "primary" : "inverse"} />
          </div>
          <MobileMenu onDark={!solid} />
        </div>
      </div>
    </header>
  );
}
