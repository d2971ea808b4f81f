import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/** How long a #hash target may take to appear (a lazily loaded page or section) before we give up. */
const HASH_TARGET_WAIT_MS = 3000;

/**
 * Spec §2: every route change scrolls to the top, except that a #hash target (/about#contact,
 * /#signup) is scrolled into view instead. Keyed on pathname and hash only, so search-param
 * updates (filters) leave the scroll position alone. Pages and below-the-fold sections load lazily,
 * so a target that is not there yet is awaited briefly rather than missed.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    // A new page jumps; a hash change within the page glides (CSS scroll-behavior, off for reduced motion).
    const behavior: ScrollBehavior = previousPathname.current === pathname ? "auto" : "instant";
    previousPathname.current = pathname;
    const id = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : "";
    const scrollToTarget = () => {
      const target = id ? document.getElementById(id) : null;
      target?.scrollIntoView({ behavior, block: "start" });
      return Boolean(target);
    };
    if (scrollToTarget()) return;
    window.scrollTo({ top: 0, left: 0, behavior });
    if (!id) return;

    const observer = new MutationObserver(() => {
      if (scrollToTarget()) stop();
    });
    const timer = window.setTimeout(() => stop(), HASH_TARGET_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);

  return null;
}
