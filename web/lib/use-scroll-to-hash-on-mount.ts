import { useEffect } from "react";

/**
 * On a first page load straight to /page#section, a lazily loaded page renders after the layout
 * tried to scroll to the hash (and found nothing), so the page scrolls to its own target once mounted.
 */
export function useScrollToHashOnMount(): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: "start" });
  }, []);
}
