import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { useT } from "../lib/i18n";

const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileMenuSheet })));

/** Tailwind's `lg`: from here up the header shows the full nav bar and the menu is not needed. */
const DESKTOP_QUERY = "(min-width: 64rem)";

/**
 * The small-screen menu button (spec §2). The sheet behind it is a Radix Dialog, whose code
 * (~12 KB gzip) is fetched when the button is first approached, not with every page: it would
 * otherwise push the public entry chunk over its 120 KB budget (ARCHITECTURE.md §10).
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { t } = useT();

  // Back/forward while the menu is open is a navigation too: the menu should not outlive it.
  // (State adjusted during render, React's pattern for resetting state when a value changes.)
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setOpen(false);
  }

  // Rotating a tablet to landscape hides the button; an open sheet would then have no visible opener.
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (query.matches) setOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const prefetch = () => {
    void loadSheet();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        // Its colours follow the header's data-solid attribute (web/app/header.tsx).
        className="inline-flex size-11 items-center justify-center rounded-full text-forest-900 transition-colors hover:bg-sand-200 lg:hidden group-data-[solid=false]/header:text-white group-data-[solid=false]/header:hover:bg-white/10"
      >
        <svg className="size-6" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{t("chrome.menu.open")}</span>
      </button>
      {requested && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
