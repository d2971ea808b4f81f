import { RADIUS_OPTIONS } from "#contract/events/constants";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useT } from "../../lib/i18n";
import type { EventResult } from "./api";
import { EventCard } from "./event-card";
import { EventImage, shownImageUrl } from "./event-image";
import type { EventText } from "./format";
import { expandedRadius } from "./search-filters";

/**
 * The results' heading, in every state after a search: what was found, or why nothing was. A submitted search
 * moves focus here (tabIndex -1) and scrolls it below the sticky header, so a phone shows the answer, not the form
 * (decision 234).
 */
export const RESULTS_HEADING_ID = "events-results-heading";
const headingClass =
  "scroll-mt-[calc(var(--header-height)+1rem)] rounded-md text-2xl font-semibold text-forest-900 outline-none focus-visible:ring-2 focus-visible:ring-ring";

type Props = {
  zip: string | null;
  loading: boolean;
  errorText: string | null;
  /** Offered with the error when a second try could succeed (not for a refused ZIP). */
  onRetry?: () => void;
  events: EventResult[] | undefined;
  /** Every matching event, counted by the server (exact up to its cap). */
  total: { count: number; capped: boolean } | null;
  /** The next page, while there is one (or loading it failed). */
  more: { loading: boolean; errorText: string | null; load: () => void } | null;
  radius: number;
  includeOnline: boolean;
  onIncludeOnline: () => void;
  onExpand: (radius: number) => void;
};

/** The card's picture, when the event has one to show. */
function picture(e: EventResult) {
  const src = shownImageUrl(e.image_url);
  return src ? <EventImage src={src} alt={e.title} /> : null;
}

/** The largest radius offered: no advice to widen past it. */
const MAX_RADIUS = Math.max(...RADIUS_OPTIONS);

/** 'Showing 20 of 45 events', or 'of 1,000+' past the server's exact count; numbers in the page's language. */
export function showingText({ t, tag }: EventText, shown: number, total: { count: number; capped: boolean }): string {
  const count = Math.max(total.count, shown);
  const number = new Intl.NumberFormat(tag);
  return t("events.results.showing", {
    shown: number.format(shown),
    total: `${number.format(count)}${total.capped ? "+" : ""}`,
    // Past the cap there are many, whatever the count says.
    count: total.capped ? Math.max(count, 2) : count,
  });
}

/** What else to try when nothing was found: the offers that remain, in one sentence. */
function tryText({ t }: EventText, online: boolean, wider: boolean): string {
  if (online && wider) return t("events.results.tryOnlineOrRadius");
  if (online) return t("events.results.tryOnline");
  if (wider) return t("events.results.tryRadius");
  return t("events.results.tryFrame");
}

/** The search states of spec §4: prompt, loading, error, empty, few results, results; more on request. */
export function EventsResults({
  zip,
  loading,
  errorText,
  onRetry,
  events,
  total,
  more,
  radius,
  includeOnline,
  onIncludeOnline,
  onExpand,
}: Props) {
  const text = useT();
  const { t } = text;
  if (!zip) {
    return (
      <div className="rounded-card border border-dashed border-border bg-sand-100/60 p-10 text-center">
        <h2 className="text-2xl font-semibold text-forest-900">{t("events.results.promptTitle")}</h2>
        <p className="mt-2 text-muted-foreground">{t("events.results.promptText")}</p>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label={t("events.results.loading")} />
      </div>
    );
  }
  if (errorText) {
    // The spec's error text is the heading itself: focus reads it, and it is what the visitor needs to see. The
    // block stays an alert, as every failed read is (decision 163), for a page rendered with the error.
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-4 rounded-card border border-clay-500/40 bg-clay-50 p-6"
      >
        <h2 id={RESULTS_HEADING_ID} tabIndex={-1} className={`${headingClass} text-lg text-clay-700`}>
          {errorText}
        </h2>
        {onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            {t("events.results.retry")}
          </Button>
        ) : null}
      </div>
    );
  }
  const list = events ?? [];
  const atMax = radius >= MAX_RADIUS;
  if (list.length === 0) {
    const bigger = expandedRadius(radius);
    return (
      <div className="rounded-card border border-dashed border-border bg-sand-100/60 p-10 text-center">
        <h2 id={RESULTS_HEADING_ID} tabIndex={-1} className={headingClass}>
          {t("events.results.emptyTitle")}
        </h2>
        <p className="mt-2 text-muted-foreground">{tryText(text, !includeOnline, !atMax)}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {!includeOnline ? (
            <Button variant="outline" onClick={onIncludeOnline}>
              {t("events.filters.includeOnline")}
            </Button>
          ) : null}
          {bigger ? (
            <Button onClick={() => onExpand(bigger)}>{t("events.results.expand", { radius: bigger })}</Button>
          ) : null}
        </div>
      </div>
    );
  }
  const statewide = list.every((e) => e.is_fallback || e.is_virtual) && list.some((e) => e.is_fallback);
  const matching = total ?? { count: list.length, capped: false };
  return (
    <section aria-labelledby={RESULTS_HEADING_ID}>
      <h2 id={RESULTS_HEADING_ID} tabIndex={-1} className={`${headingClass} text-lg`}>
        {showingText(text, list.length, matching)}
      </h2>
      {statewide ? (
        <p className="mt-1 text-sm text-muted-foreground">{t("events.results.statewide", { radius, zip })}</p>
      ) : null}
      <div className="mb-4" />
      {/* At the largest radius there is no wider one to suggest (decision 234). */}
      {matching.count <= 2 && !matching.capped && !atMax ? (
        <p className="mb-6 rounded-xl bg-sun-300/40 p-4 text-sm text-ink">{t("events.results.few")}</p>
      ) : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((e) => (
          <li key={e.id}>
            <EventCard event={e} media={picture(e)} />
          </li>
        ))}
      </ul>
      {more ? (
        <div className="mt-8 grid justify-items-center gap-4">
          {more.errorText ? <LoadError message={more.errorText} onRetry={more.load} /> : null}
          {more.errorText ? null : (
            <Button variant="outline" onClick={more.load} disabled={more.loading}>
              {more.loading ? t("events.results.loadingMore") : t("events.results.showMore")}
            </Button>
          )}
        </div>
      ) : null}
    </section>
  );
}
