import { RADIUS_OPTIONS } from "#contract/events/constants";
import { LoadError } from "../../components/load-error";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import type { EventResult } from "./api";
import { EventCard } from "./event-card";
import { EventImage, shownImageUrl } from "./event-image";
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

/** 'Showing 20 of 45 events', or 'of 1,000+' past the server's exact count. */
export function showingText(shown: number, total: { count: number; capped: boolean }): string {
  const count = Math.max(total.count, shown);
  const of = `${count.toLocaleString("en-US")}${total.capped ? "+" : ""}`;
  return `Showing ${shown.toLocaleString("en-US")} of ${of} ${count === 1 && !total.capped ? "event" : "events"}`;
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
  if (!zip) {
    return (
      <div className="rounded-card border border-dashed border-border bg-sand-100/60 p-10 text-center">
        <h2 className="text-2xl font-semibold text-forest-900">Enter your location</h2>
        <p className="mt-2 text-muted-foreground">Type your ZIP code above to see conservation events near you.</p>
      </div>
    );
  }
  if (loading) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label="Loading events…" />
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
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  const list = events ?? [];
  const atMax = radius >= MAX_RADIUS;
  if (list.length === 0) {
    const bigger = expandedRadius(radius);
    const tries = [includeOnline ? null : "including online events", atMax ? null : "a wider radius"].filter(Boolean);
    return (
      <div className="rounded-card border border-dashed border-border bg-sand-100/60 p-10 text-center">
        <h2 id={RESULTS_HEADING_ID} tabIndex={-1} className={headingClass}>
          No local events found
        </h2>
        <p className="mt-2 text-muted-foreground">
          {tries.length ? `Try ${tries.join(", ")} or a different time frame.` : "Try a different time frame."}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {!includeOnline ? (
            <Button variant="outline" onClick={onIncludeOnline}>
              Include online events
            </Button>
          ) : null}
          {bigger ? <Button onClick={() => onExpand(bigger)}>Expand to {bigger} miles</Button> : null}
        </div>
      </div>
    );
  }
  const statewide = list.every((e) => e.is_fallback || e.is_virtual) && list.some((e) => e.is_fallback);
  const matching = total ?? { count: list.length, capped: false };
  return (
    <section aria-labelledby={RESULTS_HEADING_ID}>
      <h2 id={RESULTS_HEADING_ID} tabIndex={-1} className={`${headingClass} text-lg`}>
        {showingText(list.length, matching)}
      </h2>
      {statewide ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Nothing within {radius} miles of {zip}, so these are elsewhere in your state.
        </p>
      ) : null}
      <div className="mb-4" />
      {/* At the largest radius there is no wider one to suggest (decision 234). */}
      {matching.count <= 2 && !matching.capped && !atMax ? (
        <p className="mb-6 rounded-xl bg-sun-300/40 p-4 text-sm text-ink">
          Only a few events found. Try widening your radius for more options.
        </p>
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
              {more.loading ? "Loading more events…" : "Show more events"}
            </Button>
          )}
        </div>
      ) : null}
    </section>
  );
}
