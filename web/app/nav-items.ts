import { routePath } from "../pages";

export interface NavItem {
  label: string;
  to: string;
  /** Other paths that belong to the same section (both support routes light up "Support"). */
  also?: string[];
}

/** The header's six links (spec §2), shared by the desktop bar and the mobile menu. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Home", to: routePath("home") },
  { label: "How It Works", to: routePath("howItWorks") },
  { label: "Actions", to: routePath("actions") },
  { label: "Events", to: routePath("events") },
  { label: "Support", to: routePath("support"), also: [routePath("getSupport")] },
  { label: "About", to: routePath("about") },
];

/** A section is current on its own path and below it (/actions/{slug} belongs to Actions); Home only on "/". */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((to) =>
    to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`),
  );
}
