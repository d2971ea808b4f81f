import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Link } from "react-router-dom";
import { isRetryable, LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { contentLang } from "../../lib/content-lang";
import { useT } from "../../lib/i18n";
import { useMorePages } from "../../lib/use-more-pages";
import { actionPath, formatDateRange } from "./action-display";
import { ActionImage } from "./action-image";
import { currentActionQuery } from "./api";
import { archiveQuery, fetchArchivePage } from "./archive-query";

/**
 * The 'Past Actions' archive of /actions: 10 a page, "Show older actions" for the next, without this week's
 * action. A failed read shows an error with a retry, never made-up content (issue 15, decision 163).
 */
export function PastActions() {
  const { t, tag, locale } = useT();
  const current = useQuery(currentActionQuery(locale));
  const {
    query: archive,
    pages,
    hasMore,
    moreLoading,
    moreError,
    loadMore,
  } = useMorePages(archiveQuery(10, locale), (cursor) => fetchArchivePage(10, cursor, locale));
  useEffect(() => {
    if (archive.error) console.error("archive fetch failed", archive.error);
  }, [archive.error]);

  const past = useMemo(
    () => (pages ?? []).flatMap((p) => p.actions).filter((a) => a.id !== current.data?.id),
    [pages, current.data?.id],
  );

  return (
    <>
      {archive.isPending ? (
        <div className="mt-8">
          <Spinner label={t("actions.past.loading")} />
        </div>
      ) : archive.isError ? (
        <LoadError
          className="mt-8"
          message={t("actions.past.loadFailed")}
          onRetry={isRetryable(archive.error) ? () => void archive.refetch() : undefined}
        />
      ) : past.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("actions.past.empty")}</p>
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
                  <p className="text-sm text-muted-foreground">{formatDateRange(a.start_date, a.end_date, tag)}</p>
                  <h3
                    lang={contentLang(a.language, locale)}
                    className="text-lg leading-snug font-semibold text-forest-900 group-hover:underline"
                  >
                    {a.title}
                  </h3>
                  {a.summary ? (
                    <p lang={contentLang(a.language, locale)} className="line-clamp-3 text-sm text-muted-foreground">
                      {a.summary}
                    </p>
                  ) : null}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {past.length > 0 && hasMore ? (
        <div className="mt-10 grid justify-items-center gap-4">
          {moreError ? (
            <LoadError message={t("actions.past.olderFailed")} onRetry={() => void loadMore()} />
          ) : (
            <Button variant="outline" onClick={() => void loadMore()} disabled={moreLoading}>
              {moreLoading ? t("actions.past.loadingOlder") : t("actions.past.showOlder")}
            </Button>
          )}
        </div>
      ) : null}
    </>
  );
}
