import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, NavLink, Outlet, useLocation } from "react-router-dom";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth/auth-provider";
import { meQuery } from "../../lib/auth/me-query";
import { cn } from "../../lib/cn";
import { usePageTitle } from "../../lib/use-page-title";
import { routePath } from "../../pages";
import { AdminSecondFactor, hasSecondFactor } from "./mfa-gate";

const ADMIN_LINKS = [
  { label: "Dashboard", to: routePath("admin"), end: true },
  { label: "Weekly Actions", to: routePath("adminActions"), end: false },
  { label: "Petitions", to: routePath("adminPetitions"), end: true },
  { label: "Tips", to: routePath("adminTips"), end: true },
  { label: "Email Settings", to: routePath("adminEmail"), end: true },
  { label: "Security", to: routePath("adminSecurity"), end: true },
  { label: "Content Export", to: routePath("adminContentExport"), end: true },
  { label: "Status", to: routePath("adminStatus"), end: true },
  { label: "Subscribers", to: routePath("adminSubscribers"), end: true },
  { label: "Messages", to: routePath("adminMessages"), end: true },
] as const;

/** Something shown after a nav link's label (the unread-messages count), keyed by the link's path. */
export type AdminLinkBadges = Partial<Record<(typeof ADMIN_LINKS)[number]["to"], ReactNode>>;

export const ACCESS_DENIED_MESSAGE = "Access denied. You need admin privileges to access this page.";

/**
 * Wraps every /admin route (spec §4 "Admin page access"): loading, then /auth when signed out, the
 * access-denied notice for non-admins, otherwise the page. The role comes from a fresh profile read
 * (GET /api/me), and a failed read counts as non-admin (spec §6). The server guards /api/admin on
 * its own; this only decides what to render.
 *
 * `banner` is the slot at the top of every admin screen (the 'Email Configuration Incomplete'
 * warning) and `linkBadges` decorates nav links (the unread-messages count); the router composes both in.
 */
export function AdminLayout({ banner, linkBadges = {} }: { banner?: ReactNode; linkBadges?: AdminLinkBadges }) {
  const { user, loading, session } = useAuth();
  const location = useLocation();
  const profile = useQuery({ ...meQuery(), enabled: Boolean(user), retry: false });

  if (loading || (user && profile.isPending)) {
    return (
      <AdminFrame>
        <Spinner label="Checking your access…" />
      </AdminFrame>
    );
  }
  if (!user) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${routePath("auth")}?next=${encodeURIComponent(next)}`} replace />;
  }
  if (profile.isError || profile.data?.profile.role !== "admin") return <AccessDenied />;
  if (!hasSecondFactor(session)) return <AdminSecondFactor />;

  return (
    <div className="bg-sand-100/50">
      <nav aria-label="Admin" className="border-b border-border bg-card">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-2 sm:px-6 lg:px-8">
          {ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  cn(
                    "inline-flex items-center gap-1.5 rounded-full px-3.5 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                    isActive ? "bg-forest-100 text-forest-900" : "text-forest-800 hover:bg-sand-200",
                  )
                }
              >
                {link.label}
                {linkBadges[link.to]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {banner ? <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">{banner}</div> : null}
      <Outlet />
    </div>
  );
}

function AdminFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">{children}</div>;
}

function AccessDenied() {
  usePageTitle("Access denied");
  return (
    <AdminFrame>
      <div className="max-w-xl rounded-[var(--radius-card)] border border-clay-200 bg-clay-50 p-8">
        <h1 className="text-3xl font-semibold text-forest-900">Access denied</h1>
        <p role="alert" className="mt-3 text-clay-700">
          {ACCESS_DENIED_MESSAGE}
        </p>
        <NavLink
          to={routePath("home")}
          className="mt-6 inline-block font-semibold text-forest-700 underline underline-offset-2"
        >
          Back to Home
        </NavLink>
      </div>
    </AdminFrame>
  );
}
