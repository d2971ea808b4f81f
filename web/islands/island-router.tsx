import { type ReactNode, useMemo, useSyncExternalStore } from "react";
import { createPath, type Location, type Navigator, Router, type To } from "react-router-dom";
import { carryToastOver } from "../components/ui/use-toast";

/**
 * The router an island sees (decision 205): `Link`, `useLocation` and `useSearchParams` work as in the app,
 * but only the query and hash change in place (the events search writes its filters to the address). A
 * link to another path is a normal page load: the next page arrives server-rendered, cached at the edge,
 * with its own islands. On the server the location is the request's, fixed.
 */
type Snapshot = Location;

const listeners = new Set<() => void>();
let snapshot: Snapshot | null = null;

function readLocation(): Snapshot {
  const { pathname, search, hash } = window.location;
  const state = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
  return { pathname, search, hash, state, key: "island" };
}

function changed() {
  snapshot = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("popstate", changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("popstate", changed);
  };
}

const current = () => {
  snapshot ??= readLocation();
  return snapshot;
};

const href = (to: To) => (typeof to === "string" ? to : createPath(to));

function navigate(to: To, state: unknown, replace: boolean) {
  const url = new URL(href(to), window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) {
    // The open toast as the page goes: one raised just after this call ("Welcome back!") still travels.
    window.addEventListener("pagehide", carryToastOver, { once: true });
    if (replace) window.location.replace(url);
    else window.location.assign(url);
    return;
  }
  window.history[replace ? "replaceState" : "pushState"]({ usr: state }, "", url);
  changed();
}

const browserNavigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to, state) => navigate(to, state, false),
  replace: (to, state) => navigate(to, state, true),
};

/** No navigation happens while the server renders. */
const staticNavigator: Navigator = {
  createHref: href,
  go: () => {},
  push: () => {},
  replace: () => {},
};

const noSubscription = () => () => {};

/** `url`: the request's URL on the server; null in the browser (the page's own address). */
export function IslandRouter({
  url,
  basename,
  children,
}: {
  url: string | null;
  /** "/es" on Spanish pages: links then stay in the page's language (decision 270). */
  basename: string;
  children: ReactNode;
}) {
  const fixed = useMemo<Snapshot | null>(() => {
    if (url === null) return null;
    const { pathname, search, hash } = new URL(url);
    return { pathname, search, hash, state: null, key: "island" };
  }, [url]);
  const read = fixed ? () => fixed : current;
  const location = useSyncExternalStore(fixed ? noSubscription : subscribe, read, read);
  return (
    <Router
      basename={basename || "/"}
      location={location}
      navigator={fixed ? staticNavigator : browserNavigator}
      static={fixed !== null}
    >
      {children}
    </Router>
  );
}
