import { createContext, useContext, useSyncExternalStore } from "react";

/**
 * SITE_URL's origin (absolute links such as share URLs) and SITE_TIMEZONE. The Worker renders with
 * them and hands the same values to the browser, so server and client HTML agree.
 */
export type Site = { origin: string; timeZone: string };

export const SiteContext = createContext<Site>({ origin: "", timeZone: "UTC" });

export function useSiteOrigin(): string {
  return useContext(SiteContext).origin;
}

const noSubscription = () => () => {};

/** False while the server renders and the browser hydrates, true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The zone to show times in: the site's while the server renders and the browser hydrates (the
 * server cannot know the visitor's zone, and both must print the same text), the visitor's own
 * (undefined) from then on.
 */
export function useDisplayTimeZone(): string | undefined {
  const { timeZone } = useContext(SiteContext);
  return useHydrated() ? undefined : timeZone;
}
