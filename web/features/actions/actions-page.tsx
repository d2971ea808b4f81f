import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo } from "react";
import { Link } from "react-router-dom";
import { PAGE_META } from "#contract/seo/page-meta";
import { isRetryable, LoadError } from "../../components/load-error";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useMorePages } from "../../lib/use-more-pages";
import { usePageMeta } from "../../lib/use-page-meta";
import { actionPath, formatDateRange } from "./action-display";
import { ActionImage } from "./action-image";
import { currentActionQuery } from "./api";
import { archiveQuery, fetchArchivePage } from "./archive-query";
import { type CompletionSlot, CurrentActionCard, SIGNUP_ANCHOR } from "./current-action-card";

/**
 * /actions — this week's action, the subscribe block and the 'Past Actions' archive (10 a page, "Show
 * older actions" for the next). `signup` (the subscribers feature's form) and `completion` (the
 * completions feature's control) are composed in by web/app. A failed read shows an error with a
 * retry, never made-up content (issue 15, decision 163).
 */
export function ActionsPage({
  signup,
  completion,
  tip,
}: {
  signup?: ReactNode;
  completion?: CompletionSlot;
  tip?: ReactNode;
}) {
  usePageMeta(PAGE_META.actions);
  const current = useQuery(currentActionQuery());
  const {
    query: archive,
    pages,
    hasMore,
    moreLoading,
    moreError,
    loadMore,
  } = useMorePages(archiveQuery(10), (cursor) => fetchArchivePage(10, cursor));
  useEffect(() => {
    if (archive.error) console.error("archive fetch failed", archive.error);
  }, [archive.error]);

  // "Current" falls back to the latest past action; it is already on show above, so not twice.
  const past = useMemo(
    () => (pages ?? []).flatMap((p) => p.actions).filter((a) => a.id !== current.data?.id),
    [pages, current.data?.id],
  );
  // The first page's failure replaces the list; a failed "Show older actions" keeps what is shown.
  const listError = archive.isError;

  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <PageHeader
        eyebrow="One action a week"
        title="Weekly Actions"
        lead="One simple, meaningful action each week to protect wildlife and wild places. Here's this week's, and the ones that came before."
      />

      <div className="mt-12">
        {current.isError ? (
          <div id="weekly-action">
            <LoadError
              message="Failed to load this week's action."
              onRetry={isRetryable(current.error) ? () => void current.refetch() : undefined}
            />
          </div>
        ) : (
          <CurrentActionCard completion={completion} firstScreen />
        )}
      </div>

      {tip ? <div className="mt-12">{tip}</div> : null}

      <section
        id={SIGNUP_ANCHOR}
        aria-labelledby="signup-title"
        className="mt-16 scroll-mt-24 rounded-[var(--radius-card)] bg-forest-50 p-6 sm:p-10"
      >
        <h2 id="signup-title" className="text-3xl font-semibold text-forest-900">
          Get each week's action in your inbox
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          Every Monday at 9 a.m. your time: the week's action, last week's impact from members, a sustainable living
          tip, petitions and events near you.
        </p>
        {signup ? <div className="mt-8 max-w-2xl">{signup}</div> : null}
      </section>

      <section aria-labelledby="past-title" className="mt-16">
        <h2 id="past-title" className="text-3xl font-semibold text-forest-900">
          Past Actions
        </h2>
        {archive.isPending ? (
          <div className="mt-8">
            <Spinner label="Loading past actions…" />
          </div>
        ) : listError ? (
          <LoadError
            className="mt-8"
            message="Failed to load past actions."
            onRetry={isRetryable(archive.error) ? () => void archive.refetch() : undefined}
          />
        ) : past.length === 0 ? (
          <p className="mt-6 text-muted-foreground">
            Past actions are coming soon. Once this week's action wraps up, you'll find it here.
          </p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {past.map((a) => (
              <li key={a.id}>
                <Link
                  to={actionPath(a)}
                  className="group flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-sm transition-shadow hover:shadow-md"
                >
                  <div className="aspect-[3/2] bg-forest-50">
                    <ActionImage src={a.image_url} />
                  </div>
                  <div className="flex flex-1 flex-col gap-2 p-5">
                    <p className="text-sm text-muted-foreground">{formatDateRange(a.start_date, a.end_date)}</p>
                    <h3 className="text-lg leading-snug font-semibold text-forest-900 group-hover:underline">
                      {a.title}
                    </h3>
                    {a.summary ? <p className="line-clamp-3 text-sm text-muted-foreground">{a.summary}</p> : null}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {past.length > 0 && hasMore ? (
          <div className="mt-10 grid justify-items-center gap-4">
            {moreError ? (
              <LoadError message="Failed to load older actions." onRetry={() => void loadMore()} />
            ) : (
              <Button variant="outline" onClick={() => void loadMore()} disabled={moreLoading}>
                {moreLoading ? "Loading older actions…" : "Show older actions"}
              </Button>
            )}
          </div>
        ) : null}
      </section>
    </div>
  );
}
