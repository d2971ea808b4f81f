import { createContext, useContext, useSyncExternalStore } from "react";
import type { SiteState } from "#contract/pages/render-contract";

/**
 * SITE_URL's origin (absolute links such as share URLs), SITE_TIMEZONE and the Turnstile site key (null
 * while bot protection is off). The Worker renders with them and hands the same values to the browser,
 * so server and client HTML agree.
 */
export type Site = SiteState;

export const SiteContext = createContext<Site>({ origin: "", timeZone: "UTC", turnstileSiteKey: null, locale: "en" });

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

/** SITE_TIMEZONE, the same on the server and in the browser. */
export function useSiteTimeZone(): string {
  return useContext(SiteContext).timeZone;
}
