import { useQuery } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router-dom";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth/auth-provider";
import { usePageTitle } from "../../lib/use-page-title";
import { completionsQuery, memberStatsQuery } from "./api";
import { StreakStrip } from "./streak-strip";

/** One dt/dd pair in a div (the only wrapper a <dl> allows), styled as a card. */
function Stat({ label, value, unit }: { label: string; value: number; unit?: [string, string] }) {
  return (
    <div className="flex flex-col gap-1 rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-sm sm:p-8">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="font-display text-4xl font-semibold text-forest-900">
        {value.toLocaleString("en-US")}
        {unit ? <span className="ml-2 text-lg font-medium">{value === 1 ? unit[0] : unit[1]}</span> : null}
      </dd>
    </div>
  );
}

/**
 * /my-progress — the signed-in member's completed actions (signed out → /auth). `account` is the
 * account section (password), composed in by web/app so features do not import each other's UI.
 */
export function MyProgressPage({ account }: { account?: ReactNode }) {
  usePageTitle("My Progress");
  const { user, loading } = useAuth();
  const query = useQuery({ ...completionsQuery(user?.id ?? ""), enabled: Boolean(user) });
  const statsQuery = useQuery({ ...memberStatsQuery(user?.id ?? ""), enabled: Boolean(user) });

  if (loading) {
    return (
      <div className="flex justify-center px-4 py-32">
        <Spinner />
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;

  const completions = query.data ?? [];
  const stats = statsQuery.data;

  return (
    <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <PageHeader
        eyebrow="Your impact"
        title="My Progress"
        lead="Every action you've completed, and the notes you kept."
      />

      {query.isPending || statsQuery.isPending ? (
        <div className="mt-12">
          <Spinner label="Loading your progress…" />
        </div>
      ) : query.isError || statsQuery.isError || !stats ? (
        <div role="alert" className="mt-12 rounded-[var(--radius-card)] border border-clay-500 bg-clay-50 p-6">
          <p className="font-semibold text-clay-700">Error loading your progress</p>
          <p className="mt-1 text-clay-700">{(query.error ?? statsQuery.error)?.message}</p>
        </div>
      ) : (
        <>
          <dl className="mt-12 grid gap-4 sm:grid-cols-3">
            <Stat label="Actions Completed" value={stats.completed_count} />
            <Stat label="With Notes" value={stats.with_notes_count} />
            <Stat label="Days Active" value={stats.days_active} />
            <Stat label="Current Streak" value={stats.current_streak_weeks} unit={["week", "weeks"]} />
            <Stat label="Longest Streak" value={stats.longest_streak_weeks} unit={["week", "weeks"]} />
          </dl>

          <section aria-labelledby="streak-title" className="mt-14">
            <h2 id="streak-title" className="text-2xl font-semibold text-forest-900">
              Your weeks
            </h2>
            <p className="mt-2 max-w-2xl text-muted-foreground">
              Your weeks start the week you joined. A week counts when you record that week's action, even if you record
              it later. Weeks without an action don't break your streak, and this week stays open until it ends.
            </p>
            <StreakStrip weeks={stats.weeks} />
          </section>

          <section aria-labelledby="completed-title" className="mt-14">
            <h2 id="completed-title" className="text-2xl font-semibold text-forest-900">
              Completed actions
            </h2>
            {completions.length === 0 ? (
              <div className="mt-6 rounded-[var(--radius-card)] border border-dashed border-border bg-card p-8 text-center">
                <p className="text-lg font-semibold text-forest-900">No actions completed yet</p>
                <p className="mt-2 text-muted-foreground">Your first one is only a few minutes away.</p>
                <Button asChild className="mt-6">
                  <Link to="/">Explore Actions</Link>
                </Button>
              </div>
            ) : (
              <ul className="mt-6 grid gap-4">
                {completions.map((c) => (
                  <li key={c.id}>
                    <Card>
                      <CardContent className="flex flex-col gap-2">
                        <h3 className="text-lg font-semibold text-forest-900">
                          {c.action ? (
                            <Link to={`/actions/${encodeURIComponent(c.action.slug)}`} className="hover:underline">
                              {c.action.title}
                            </Link>
                          ) : (
                            "Unknown Action"
                          )}
                        </h3>
                        <p className="text-sm text-muted-foreground">
                          Completed on{" "}
                          <time dateTime={c.completed_at}>{format(parseISO(c.completed_at), "MMMM d, yyyy")}</time>
                        </p>
                        {c.notes ? <p className="leading-relaxed whitespace-pre-line">{c.notes}</p> : null}
                      </CardContent>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {account ? <div className="mt-14">{account}</div> : null}
    </div>
  );
}
