import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";

/**
 * Client-side navigation is silent to screen readers (no page load), so the new page's title is
 * announced politely. It renders after the page in the layout, so the page's usePageTitle effect
 * has already run when this one reads document.title.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    setMessage(document.title);
  }, [pathname]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
