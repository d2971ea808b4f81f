/** Ingestion types shared by the registry, the adapters and the pipeline. */

export type SourceType = "ics" | "html" | "api" | "firecrawl";

/**
 * When an event happens, as the source said it. Adapters do not guess zones: a wall-clock time
 * without one is resolved by the pipeline (the event's state, else the source's zone).
 */
export type When =
  | { kind: "instant"; iso: string }
  | { kind: "local"; date: string; time: string | null; zone?: string }
  | { kind: "invalid"; raw: string };

/** One event mapped from a source item; the pipeline validates it. */
export type Candidate = {
  externalId: string;
  title: string;
  description: string | null;
  venueName: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  lat: number | null;
  lon: number | null;
  start: When | null;
  end: When | null;
  /** A date without a time: the event lasts whole days. */
  allDay: boolean;
  registrationUrl: string | null;
  /** The organiser the item names (an iCalendar ORGANIZER's CN); absent: none named (decision 233). */
  organizerName?: string | null;
  /** Its price in US cents when the source gives one (0: free); absent or null: unknown (decision 258). */
  priceCents?: number | null;
  imageUrl: string | null;
  isVirtual: boolean;
  category: string | null;
  /** The source marks it cancelled (an iCalendar STATUS:CANCELLED); absent: listed as planned. */
  cancelled?: boolean;
};

export type HtmlField = { selector: string; attr?: string };

/** Per-source selectors for an HTML listing: one `item` per event, fields inside it. */
export type HtmlSelectors = {
  item: string;
  title: HtmlField;
  link?: HtmlField;
  start: HtmlField;
  end?: HtmlField;
  venue?: HtmlField;
  location?: HtmlField;
  description?: HtmlField;
  image?: HtmlField;
  /** The listed price ("Free", "$10"), read by parsePrice (decision 258). */
  price?: HtmlField;
};

export type SourceConfig = {
  key: string;
  name: string;
  description: string;
  type: SourceType;
  /** The public page, feed or API endpoint. HTML sources mark the page number with {page}. */
  url: string;
  /** Zone for wall-clock times the source gives without one (and its all-day dates). */
  timeZone: string;
  /** Category when the title and description give no clue. */
  defaultCategory: string;
  /** HTML: the number of the first page ({page} in the URL) and the selectors. */
  firstPage?: number;
  selectors?: HtmlSelectors;
  /** The environment variable holding the API key (api and firecrawl sources). */
  apiKeyVar?: "NPS_API_KEY" | "FIRECRAWL_API_KEY";
};

/**
 * The fetch used to reach a source: the network one for real sources (public targets only,
 * `publicOnly`), the in-process dev fixture routes, or a test's or benchmark's fake host.
 */
export type SourceFetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export type AdapterContext = {
  fetch: SourceFetch;
  now: Date;
  /** Pages to read, starting at `startPage` (0-based offset from the source's first page). */
  startPage: number;
  pages: number;
  apiKey?: string;
  timeoutMs: number;
};

export type AdapterResult = {
  pages: number;
  /** Items seen in the source; those that could not be mapped are `found - candidates.length`. */
  found: number;
  candidates: Candidate[];
  /** The first page-level failure, when some pages were read before it. */
  error?: string;
  /**
   * The read covered everything the source lists (a whole iCalendar feed), so an upcoming event of the
   * source missing from it was dropped (decision 200). Paged listings read in windows leave it unset.
   */
  complete?: boolean;
};

export const COUNTER_KEYS = [
  "found",
  "mapped",
  "inserted",
  "updated",
  "duplicate_unchanged",
  "skipped_past",
  "skipped_invalid_datetime",
  "skipped_missing_required",
  "failed_db_error",
  "geocoded_count",
  "all_day_events",
] as const;
export type CounterKey = (typeof COUNTER_KEYS)[number];
export type Counters = Record<CounterKey, number>;

export const emptyCounters = (): Counters => Object.fromEntries(COUNTER_KEYS.map((k) => [k, 0])) as Counters;
