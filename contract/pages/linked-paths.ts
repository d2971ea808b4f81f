/**
 * Pages the Worker links to by itself — from emails, redirects and the sitemap. Their page modules (web/pages)
 * take their path from here, so moving one stays one edit on both sides.
 */
export const LINKED_PATHS = {
  action: "/actions/:slug",
  didIt: "/did-it",
  myProgress: "/my-progress",
  getSupport: "/get-support",
} as const;

/** An action's page. */
export const actionPagePath = (slug: string) => LINKED_PATHS.action.replace(":slug", encodeURIComponent(slug));
