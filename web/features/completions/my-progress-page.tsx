import { useQuery } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router-dom";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth/auth-provider";
import { contentLang } from "../../lib/content-lang";
import { useT } from "../../lib/i18n";
import { usePageTitle } from "../../lib/use-page-title";
import { completionsQuery, memberStatsQuery } from "./api";
import { StreakStrip } from "./streak-strip";

/** "January 2, 2030" as the spec writes it in English; the page language's long date otherwise. */
const longDate = (iso: string, locale: string, tag: string) =>
  locale === "en"
    ? format(parseISO(iso), "MMMM d, yyyy")
    : new Intl.DateTimeFormat(tag, { dateStyle: "long" }).format(parseISO(iso));

/** One dt/dd pair in a div (the only wrapper a <dl> allows), styled as a card. */
function Stat({ label, value, weeks }: { label: string; value: number; weeks?: boolean }) {
  const { t, tag } = useT();
  return (
    <div className="flex flex-col gap-1 rounded-[var(--radius-card)] border border-border bg-card p-6 shadow-sm sm:p-8">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="font-display text-4xl font-semibold text-forest-900">
        {value.toLocaleString(tag)}
        {weeks ? <span className="ml-2 text-lg font-medium">{t("progress.stats.weeks", { count: value })}</span> : null}
      </dd>
    </div>
  );
}

/**
 * /my-progress — the signed-in member's completed actions (signed out → /auth). `reminders` (their event reminders)
 * and `account` (the account section) are composed in by web/app so features do not import each other's UI.
 */
export function MyProgressPage({ account, reminders }: { account?: ReactNode; reminders?: ReactNode }) {
  const { t, locale, tag } = useT();
  usePageTitle(t("progress.page.title"));
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
        eyebrow={t("progress.page.eyebrow")}
        title={t("progress.page.title")}
        lead={t("progress.page.lead")}
      />

      {query.isPending || statsQuery.isPending ? (
        <div className="mt-12">
          <Spinner label={t("progress.page.loading")} />
        </div>
      ) : query.isError || statsQuery.isError || !stats ? (
        <div role="alert" className="mt-12 rounded-[var(--radius-card)] border border-clay-500 bg-clay-50 p-6">
          <p className="font-semibold text-clay-700">{t("progress.page.error")}</p>
          <p className="mt-1 text-clay-700">{(query.error ?? statsQuery.error)?.message}</p>
        </div>
      ) : (
        <>
          <dl className="mt-12 grid gap-4 sm:grid-cols-3">
            <Stat label={t("progress.stats.completed")} value={stats.completed_count} />
            <Stat label={t("progress.stats.withNotes")} value={stats.with_notes_count} />
            <Stat label={t("progress.stats.daysActive")} value={stats.days_active} />
            <Stat label={t("progress.stats.currentStreak")} value={stats.current_streak_weeks} weeks />
            <Stat label={t("progress.stats.longestStreak")} value={stats.longest_streak_weeks} weeks />
          </dl>

          <section aria-labelledby="streak-title" className="mt-14">
            <h2 id="streak-title" className="text-2xl font-semibold text-forest-900">
              {t("progress.weeks.title")}
            </h2>
            <p className="mt-2 max-w-2xl text-muted-foreground">{t("progress.weeks.lead")}</p>
            <StreakStrip weeks={stats.weeks} />
          </section>

          <section aria-labelledby="completed-title" className="mt-14">
            <h2 id="completed-title" className="text-2xl font-semibold text-forest-900">
              {t("progress.completed.title")}
            </h2>
            {completions.length === 0 ? (
              <div className="mt-6 rounded-[var(--radius-card)] border border-dashed border-border bg-card p-8 text-center">
                <p className="text-lg font-semibold text-forest-900">{t("progress.completed.none")}</p>
                <p className="mt-2 text-muted-foreground">{t("progress.completed.noneLead")}</p>
                <Button asChild className="mt-6">
                  <Link to="/">{t("progress.completed.explore")}</Link>
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
                            <Link
                              to={`/actions/${encodeURIComponent(c.action.slug)}`}
                              lang={contentLang(c.action.language, locale)}
                              className="hover:underline"
                            >
                              {c.action.title}
                            </Link>
                          ) : (
                            t("progress.completed.unknown")
                          )}
                        </h3>
                        <p className="text-sm text-muted-foreground">
                          {t("progress.completed.on")}{" "}
                          <time dateTime={c.completed_at}>{longDate(c.completed_at, locale, tag)}</time>
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
      {reminders}
      {account ? <div className="mt-14">{account}</div> : null}
    </div>
  );
}
