import { FIELD_MAX } from "#contract/platform/field-rules";
import type { SourceType } from "./types";

/**
 * Every bound on what a source may send us, in one place (decision 180). A source is someone else's
 * server: these keep one broken or hostile answer from holding the queue consumer, filling the
 * Worker's 128 MB of memory or spending its CPU on our own regular expressions.
 */

/**
 * Time for one request, start to finish: every redirect hop, the headers and the whole body. A
 * crawl renders a page, so it gets longer.
 */
export const TIMEOUT_MS: Record<SourceType, number> = { ics: 15_000, html: 15_000, api: 15_000, firecrawl: 60_000 };

const MB = 1024 * 1024;

/**
 * Largest body read from one request; past it the stream is cancelled and the run fails. Real answers
 * are far smaller: a 2,000-event calendar is about 1 MB of iCalendar (the ingest benchmark's feed), a
 * listing page a few hundred KB of HTML, one NPS page of 50 events a few hundred KB of JSON, a
 * Firecrawl answer only the extracted events. iCalendar gets the most room but not more: ical.js holds
 * the whole feed as a tree in the Worker's 128 MB.
 */
export const MAX_BODY_BYTES: Record<SourceType, number> = { ics: 4 * MB, html: 3 * MB, api: MB, firecrawl: MB };

/** Redirects followed per request (manually: each hop is checked like the first request). */
export const MAX_REDIRECTS = 3;

/**
 * Longest stored value per free-text field (the submission form's limits, FIELD_MAX): remote text is
 * cut to these before any pattern, entity decoding or whitespace collapsing runs over it.
 */
export const TEXT_MAX = {
  title: FIELD_MAX.line,
  description: FIELD_MAX.text,
  venue: FIELD_MAX.line,
  location: 300,
  /** A listing's date text ("Saturday, March 7, 2026 9:00 AM – noon"). */
  date: 200,
  /** Category words and tags, read for the category only. */
  keywords: 1000,
  url: FIELD_MAX.url,
} as const;
