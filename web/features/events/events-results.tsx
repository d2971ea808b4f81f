import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import type { EventResult } from "./api";
import { EventCard } from "./event-card";
import { expandedRadius } from "./search-filters";

type Props = {
  zip: string | null;
  loading: boolean;
  errorText: string | null;
  events: EventResult[] | undefined;
  radius: number;
  includeOnline: boolean;
  onIncludeOnline: () => void;
  onExpand: (radius: number) => void;
};

/** The search states of spec §4: prompt, loading, error, empty, few results, results. */
export function EventsResults({
  zip,
  loading,
  errorText,
  events,
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
    return (
      <p role="alert" className="rounded-card border border-clay-500/40 bg-clay-50 p-6 text-clay-700">
        {errorText}
      </p>
    );
  }
  const list = events ?? [];
  if (list.length === 0) {
    const bigger = expandedRadius(radius);
    return (
      <div className="rounded-card border border-dashed border-border bg-sand-100/60 p-10 text-center">
        <h2 className="text-2xl font-semibold text-forest-900">No local events found</h2>
        <p className="mt-2 text-muted-foreground">
          {includeOnline
            ? "Try a wider radius or a different time frame."
            : "Try including online events, a wider radius or a different time frame."}
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
  return (
    <section aria-labelledby="events-results-title">
      <h2 id="events-results-title" className="sr-only">
        Events
      </h2>
      <p role="status" className="mb-4 text-sm text-muted-foreground">
        {list.length === 1 ? "1 event" : `${list.length} events`}
        {statewide ? ` — nothing within ${radius} miles of ${zip}, so these are elsewhere in your state` : ""}
      </p>
      {list.length <= 2 ? (
        <p className="mb-6 rounded-xl bg-sun-300/40 p-4 text-sm text-ink">
          Only a few events found. Try widening your radius for more options.
        </p>
      ) : null}
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((e) => (
          <li key={e.id}>
            <EventCard event={e} />
          </li>
        ))}
      </ul>
    </section>
  );
}
