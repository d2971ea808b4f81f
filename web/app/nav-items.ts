import type { useT } from "../lib/i18n";
import { routePath } from "../pages";

export interface NavItem {
  /** The link's words in the page's language (a function, so each id is written where it is used). */
  label: (t: ReturnType<typeof useT>["t"]) => string;
  to: string;
  /** Other paths that belong to the same section (both support routes light up "Support"). */
  also?: string[];
}

/** The header's six links (spec §2), shared by the desktop bar and the mobile menu. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: (t) => t("chrome.nav.home"), to: routePath("home") },
  { label: (t) => t("chrome.nav.howItWorks"), to: routePath("howItWorks") },
  { label: (t) => t("chrome.nav.actions"), to: routePath("actions") },
  { label: (t) => t("chrome.nav.events"), to: routePath("events") },
  { label: (t) => t("chrome.nav.support"), to: routePath("support"), also: [routePath("getSupport")] },
  { label: (t) => t("chrome.nav.about"), to: routePath("about") },
];

/** A section is current on its own path and below it (/actions/{slug} belongs to Actions); Home only on "/". */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((to) =>
    to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`),
  );
}
