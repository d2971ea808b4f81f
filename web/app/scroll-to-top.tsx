import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * Spec §2: every route change scrolls to the top, except that a #hash target (/about#contact,
 * /#signup) is scrolled into view instead. Keyed on pathname and hash only, so search-param
 * updates (filters) leave the scroll position alone.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    // A new page jumps; a hash change within the page glides (CSS scroll-behavior, off for reduced motion).
    const behavior: ScrollBehavior = previousPathname.current === pathname ? "auto" : "instant";
    previousPathname.current = pathname;
    if (hash.length > 1) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior, block: "start" });
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior });
  }, [pathname, hash]);

  return null;
}
