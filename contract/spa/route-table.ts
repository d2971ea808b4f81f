/**
 * Every path the SPA renders (product spec §2, route table), in react-router syntax. The web
 * router is built from this list and the Worker answers 200 for these and 404 for anything
 * else, so the two can never disagree.
 */
export const SPA_ROUTES = {
  home: "/",
  howItWorks: "/how-it-works",
  events: "/events",
  event: "/events/:event",
  actions: "/actions",
  actionPreview: "/actions/preview/:id",
  action: "/actions/:slug",
  about: "/about",
  support: "/support",
  getSupport: "/get-support",
  submitEvent: "/submit-event",
  unsubscribe: "/unsubscribe",
  confirmSubscription: "/subscribe/confirm",
  didIt: "/did-it",
  auth: "/auth",
  authVerify: "/auth/verify",
  myProgress: "/my-progress",
  admin: "/admin",
  adminActions: "/admin/actions",
  adminActionNew: "/admin/actions/new",
  adminActionEdit: "/admin/actions/:id/edit",
  adminPetitions: "/admin/settings/petitions",
  adminTips: "/admin/settings/tips",
  adminEmail: "/admin/settings/email",
  adminSecurity: "/admin/security",
  adminContentExport: "/admin/content-export",
  adminApiReference: "/admin/api",
  adminStatus: "/admin/status",
  adminSubscribers: "/admin/subscribers",
  adminMessages: "/admin/messages",
} as const;

export type SpaRouteName = keyof typeof SPA_ROUTES;

/** Fills a route's `:params`, e.g. `routePath("action", { slug })`. */
export function routePath(name: SpaRouteName, params: Record<string, string> = {}): string {
  return SPA_ROUTES[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ""));
}
