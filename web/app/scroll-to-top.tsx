import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * How long a #hash target is kept in view while lazily loaded content renders around it: a target
 * that is not there yet is awaited, and one that content above it pushes down is followed.
 */
const HASH_SETTLE_MS = 3000;
const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

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
    const id = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : "";
    if (!id) {
      window.scrollTo({ top: 0, left: 0, behavior });
      return;
    }

    const scrollToTarget = (how: ScrollBehavior) => {
      const target = document.getElementById(id);
      target?.scrollIntoView({ behavior: how, block: "start" });
      return Boolean(target);
    };
    if (!scrollToTarget(behavior)) window.scrollTo({ top: 0, left: 0, behavior });

    // Until the page settles, re-align whenever the layout changes, unless the person scrolls first.
    const resizes = new ResizeObserver(() => scrollToTarget("instant"));
    const mutations = new MutationObserver(() => scrollToTarget("instant"));
    const stop = () => {
      resizes.disconnect();
      mutations.disconnect();
      window.clearTimeout(timer);
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, HASH_SETTLE_MS);
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true, once: true });
    resizes.observe(document.body);
    mutations.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);

  return null;
}
