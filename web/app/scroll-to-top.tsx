import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * A #hash target is kept in view while lazily loaded content renders around it (a target that is
 * not there yet is awaited, one that content above it pushes down is followed) until no data is
 * loading and the layout has been still this long, however slow the phone or network, and never
 * for longer than the cap.
 */
const HASH_QUIET_MS = 1500;
const HASH_SETTLE_CAP_MS = 15_000;
const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Spec §2: every route change scrolls to the top, except that a #hash target (/about#contact,
 * /#signup) is scrolled into view instead. Keyed on pathname and hash only, so search-param
 * updates (filters) leave the scroll position alone.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const previousPathname = useRef(pathname);
  const firstRender = useRef(true);
  const queryClient = useQueryClient();

  useEffect(() => {
    // A new page jumps; a hash change within the page glides (CSS scroll-behavior, off for reduced motion).
    const behavior: ScrollBehavior = previousPathname.current === pathname ? "auto" : "instant";
    previousPathname.current = pathname;
    const id = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : "";
    const loaded = firstRender.current;
    firstRender.current = false;
    // On load the browser has placed the page (top, or where a reload was): a visitor who began reading
    // the server-rendered page before it hydrated is not sent back to the top (decision 140).
    if (!id && loaded) return;
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
    let quiet = 0;
    let cap = 0;
    const stopWhenSettled = () => {
      window.clearTimeout(quiet);
      quiet = window.setTimeout(() => (queryClient.isFetching() > 0 ? stopWhenSettled() : stop()), HASH_QUIET_MS);
    };
    const realign = () => {
      scrollToTarget("instant");
      stopWhenSettled();
    };
    const resizes = new ResizeObserver(realign);
    const mutations = new MutationObserver(realign);
    const stop = () => {
      resizes.disconnect();
      mutations.disconnect();
      window.clearTimeout(quiet);
      window.clearTimeout(cap);
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    };
    stopWhenSettled();
    cap = window.setTimeout(stop, HASH_SETTLE_CAP_MS);
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true, once: true });
    resizes.observe(document.body);
    mutations.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, queryClient]);

  return null;
}
