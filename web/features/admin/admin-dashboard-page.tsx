import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Card } from "../../components/ui/card";
import { usePageTitle } from "../../lib/use-page-title";
import { routePath } from "../../pages";

const CARDS = [
  {
    title: "Weekly Actions",
    description: "Create, schedule, preview and send the weekly action.",
    to: routePath("adminActions"),
  },
  {
    title: "Petitions",
    description: "Curate and order the petitions shown on the site.",
    to: routePath("adminPetitions"),
  },
  {
    title: "Content Export",
    description: "Copy this week's content as text for social posts.",
    to: routePath("adminContentExport"),
  },
  {
    title: "Security Dashboard",
    description: "Sign-in activity, sensitive-data access and a security scan.",
    to: routePath("adminSecurity"),
  },
  {
    title: "Email Settings",
    description: "Email configuration status, welcome email and test sends.",
    to: routePath("adminEmail"),
  },
] as const;

/**
 * /admin. The cards are the spec's five; `panels` is where the tools of other features (the manual
 * weekly-email trigger, calendar discovery, the ingestion panel) are composed in by web/app.
 */
export function AdminDashboardPage({ panels }: { panels?: ReactNode }) {
  usePageTitle("Admin Dashboard");
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:px-8">
      <div>
        <p className="text-sm font-semibold tracking-wider text-forest-600 uppercase">Admin</p>
        <h1 className="mt-2 text-4xl font-semibold text-forest-900">Admin Dashboard</h1>
      </div>
      <nav aria-label="Admin sections">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CARDS.map((card) => (
            <li key={card.to}>
              <Card className="group relative h-full p-6 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
                <h2 className="text-xl font-semibold text-forest-900">
                  <Link to={card.to} className="after:absolute after:inset-0 focus:outline-none">
                    {card.title}
                  </Link>
                </h2>
                <p className="mt-2 text-sm text-muted-foreground">{card.description}</p>
                <span
                  aria-hidden="true"
                  className="mt-4 inline-block text-sm font-semibold text-forest-700 group-hover:underline"
                >
                  Open →
                </span>
              </Card>
            </li>
          ))}
        </ul>
      </nav>
      {panels ? <div className="grid gap-8">{panels}</div> : null}
    </div>
  );
}
