import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { type CategoryFilter, SEARCH_DEBOUNCE_MS } from "#contract/events/constants";
import { type EventsUrlState, eventsUrlSearch, readEventsUrl } from "#contract/events/search-url";
import { zip5 } from "#contract/platform/field-rules";
import { isRetryable } from "../../components/load-error";
import { PageHeader } from "../../components/page-header";
import { Island } from "../../islands/island";
import { useT } from "../../lib/i18n";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { usePageMeta } from "../../lib/use-page-meta";
import { PAGES, routePath } from "../../pages";
import { CalendarSubscribe } from "./calendar-subscribe";
import { EventsFilters, type FilterState } from "./events-filters";
import { EventsResults, RESULTS_HEADING_ID } from "./events-results";
import { searchErrorText } from "./format";
import { loadSavedZip, saveZip } from "./saved-zip";
import { useGeolocatedZip } from "./use-geolocated-zip";
import { pageSearch, usePagedSearch } from "./use-paged-search";

/** /events: the full search (spec §2 Events, §4 Events search, §8 event search messages). */
export function EventsPage() {
  // The same title and description as the HTML the Worker served (decision 203).
  usePageMeta(PAGES.events.meta);
  const text = useT();
  const { t } = text;
  const [urlParams, setUrlParams] = useSearchParams();
  // The search in the URL is the first render's, on the server and in the browser alike (decision 203).
  const [fromUrl] = useState(() => readEventsUrl(urlParams));
  const [zip, setZip] = useState<string | null>(fromUrl.zip);
  const [zipInput, setZipInput] = useState(zip ?? "");
  // The saved ZIP is this visitor's, so it applies after hydration (the rendered page is everyone's);
  // geolocation waits for it, so a visitor with a saved ZIP is not asked for their position.
  const [savedZipRead, setSavedZipRead] = useState(false);
  useEffect(() => {
    const saved = loadSavedZip();
    if (saved) {
      setZip((current) => current ?? saved);
      setZipInput((current) => current || saved);
    }
    setSavedZipRead(true);
  }, []);
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const [filters, setFilters] = useState<FilterState>({
    radius: fromUrl.radius,
    frame: fromUrl.frame,
    includeOnline: fromUrl.includeOnline,
    category: fromUrl.category,
    keyword: fromUrl.keyword,
  });

  // A ZIP the visitor typed is remembered once the server has searched it (decision 234): one it refused never is.
  const toRemember = useRef<string | null>(null);
  const chooseZip = (next: string) => {
    setZip(next);
    toRemember.current = next;
  };
  // Each submitted search asks once for focus on the results' heading, when they have arrived.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusHandled = useRef(0);
  // What the last search found, for screen readers when a filter (not a submit) changed it.
  const [announcement, setAnnouncement] = useState("");

  useGeolocatedZip(savedZipRead && zip === null, (found) => {
    setZip((current) => current ?? found.zip);
    setZipInput((current) => current || found.zip);
    setLocationNote(t("events.page.locationNote", { city: found.city, state: found.state, zip: found.zip }));
  });

  // Every filter goes to the server (decision 162); a typed keyword waits for the debounce like the rest.
  const { radius, includeOnline } = filters;
  const state = useMemo<EventsUrlState>(
    () => ({ zip, ...filters, category: filters.category as CategoryFilter }),
    [zip, filters],
  );
  const params = useMemo(() => pageSearch(state), [state]);
  const debounced = useDebouncedValue(params, SEARCH_DEBOUNCE_MS);
  // The address names the search being shown, so it can be shared or reloaded (and arrives with its results).
  const shownSearch = eventsUrlSearch(useDebouncedValue(state, SEARCH_DEBOUNCE_MS));
  useEffect(() => {
    if (urlParams.toString() !== shownSearch.slice(1))
      setUrlParams(new URLSearchParams(shownSearch), { replace: true });
  }, [shownSearch, urlParams, setUrlParams]);
  const { query: search, pages, hasMore, moreLoading, moreError, loadMore } = usePagedSearch(debounced);
  const waiting = params !== debounced || search.isFetching;
  const lastPage = pages?.at(-1);
  const shown = useMemo(() => pages?.flatMap((p) => p.events), [pages]);
  // The first page's error replaces the results; a failed "Show more" keeps them.
  const firstPageError = search.isError;
  const settled = Boolean(zip) && !waiting;

  useEffect(() => {
    if (!settled) return;
    if (zip && !firstPageError && lastPage && toRemember.current === zip) {
      saveZip(zip);
      toRemember.current = null;
    }
    const heading = document.getElementById(RESULTS_HEADING_ID);
    if (focusRequest !== focusHandled.current) {
      // After "Search": the answer, not the form, on a phone's screen (decision 234). Focus reads the heading.
      focusHandled.current = focusRequest;
      setAnnouncement("");
      heading?.scrollIntoView({ block: "start" });
      heading?.focus({ preventScroll: true });
    } else {
      setAnnouncement(heading?.textContent ?? "");
    }
  }, [settled, firstPageError, lastPage, zip, focusRequest]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
      <PageHeader eyebrow={t("events.page.eyebrow")} title={t("events.page.title")} lead={t("events.page.lead")} />
      <div className="mt-10 grid gap-8">
        <EventsFilters
          zipInput={zipInput}
          onZipInput={setZipInput}
          onZipSubmit={() => {
            const trimmed = zipInput.trim();
            if (!trimmed) return; // an empty ZIP after trimming is ignored (spec §5)
            setLocationNote(null);
            // A ZIP+4 searches (and is shown as) its 5-digit ZIP; anything else goes to the server, whose message is shown.
            chooseZip(zip5(trimmed) ?? trimmed);
            setFocusRequest((n) => n + 1);
          }}
          locationNote={locationNote}
          filters={filters}
          onChange={(next) => setFilters((f) => ({ ...f, ...next }))}
        />
        <p role="status" className="sr-only">
          {announcement}
        </p>
        <div>
          <EventsResults
            zip={zip}
            loading={Boolean(zip) && waiting}
            errorText={firstPageError ? searchErrorText(text, search.error) : null}
            onRetry={firstPageError && isRetryable(search.error) ? () => void search.refetch() : undefined}
            events={shown}
            total={lastPage ? { count: lastPage.total, capped: lastPage.total_capped } : null}
            more={
              hasMore
                ? {
                    loading: moreLoading,
                    errorText: moreError ? searchErrorText(text, moreError) : null,
                    load: () => void loadMore(),
                  }
                : null
            }
            radius={filters.radius}
            includeOnline={filters.includeOnline}
            onIncludeOnline={() => setFilters((f) => ({ ...f, includeOnline: true }))}
            onExpand={(r) => setFilters((f) => ({ ...f, radius: r }))}
          />
        </div>
        {/* Offered for a well-formed ZIP the search did not refuse (a feed for it would be refused too). */}
        {zip && zip5(zip) && !firstPageError ? (
          <CalendarSubscribe params={{ zip, radius, ...(includeOnline ? { include_online: "true" as const } : {}) }} />
        ) : null}
        <p className="text-sm text-muted-foreground">
          {t("events.page.organizing")}{" "}
          <Link className="font-semibold text-forest-700 underline" to={routePath("submitEvent")}>
            {t("events.page.submitLink")}
          </Link>{" "}
          {t("events.page.forReview")}
        </p>
      </div>
    </div>
  );
}

/**
 * /events as the router renders it: the search is one island (decision 205). With a search in its address it
 * hydrates when seen (its results came with the page, or are read then when the server's read failed); without
 * one, only once it has a place to search (a saved ZIP, the browser's position) or is used.
 */
export function EventsRoute() {
  const [params] = useSearchParams();
  const hydrate = params.has("zip") ? "visible" : "located";
  return <Island name="eventsSearch" component={EventsPage} props={{}} hydrate={hydrate} />;
}
