import { NavLink, Outlet } from "react-router-dom";
import { routePath } from "../../../worker/features/spa/route-table";
import { cn } from "../../lib/cn";

const ADMIN_LINKS = [
  { label: "Dashboard", to: routePath("admin"), end: true },
  { label: "Weekly Actions", to: routePath("adminActions"), end: false },
  { label: "Petitions", to: routePath("adminPetitions"), end: true },
  { label: "Email Settings", to: routePath("adminEmail"), end: true },
  { label: "Security", to: routePath("adminSecurity"), end: true },
  { label: "Content Export", to: routePath("adminContentExport"), end: true },
] as const;

/**
 * Wraps every /admin route and is loaded lazily with them. The auth issue adds the guard here
 * (spec §6: signed out → /auth, non-admin → 'Access denied…'), so each admin page need not repeat it.
 */
export function AdminLayout() {
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
                    "inline-flex rounded-full px-3.5 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                    isActive ? "bg-forest-100 text-forest-900" : "text-forest-800 hover:bg-sand-200",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
