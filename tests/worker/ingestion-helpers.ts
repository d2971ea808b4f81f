import { zipCodes } from "../../db/schema";
import type { RunDeps } from "../../worker/features/ingestion/run-source";
import { findSource } from "../../worker/features/ingestion/sources";
import type { AdapterContext, SourceConfig, SourceFetch } from "../../worker/features/ingestion/types";
import { config, db } from "./helpers";

/** The fixtures' "now": their events are laid out around early March 2030. */
export const FIXTURE_NOW = new Date("2030-03-01T12:00:00Z");

/** An adapter's context over a fake host: the fixtures' now, five pages from the first, a 2-second timeout. */
export const ctx = (fetch: AdapterContext["fetch"], overrides: Partial<AdapterContext> = {}): AdapterContext => ({
  fetch,
  now: FIXTURE_NOW,
  startPage: 0,
  pages: 5,
  timeoutMs: 2_000,
  ...overrides,
});

export type FakeAnswer = string | { status: number; body?: string } | "hang" | Response;

/**
 * A fake remote host at the HTTP boundary: answers by URL from recorded fixtures, records what
 * was asked. "hang" never answers until the caller's signal aborts (a source that times out); a
 * Response is answered as it is (redirects, streamed bodies).
 */
export function fakeFetch(answers: (url: URL, init?: RequestInit) => FakeAnswer | undefined) {
  const requests: {
    url: string;
    method: string;
    redirect: RequestInit["redirect"];
    headers: Headers;
    body: string | null;
  }[] = [];
  const fn: SourceFetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push({
      url: url.toString(),
      method: init?.method ?? "GET",
      redirect: init?.redirect,
      headers: new Headers(init?.headers),
      body: (init?.body as string) ?? null,
    });
    const answer = answers(url, init);
    if (answer === undefined) return new Response("not found", { status: 404, statusText: "Not Found" });
    if (answer instanceof Response) return answer;
    if (answer === "hang") {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener("abort", () =>
          reject(new DOMException("The operation was aborted", "AbortError")),
        );
      });
    }
    if (typeof answer === "string") return new Response(answer, { status: 200 });
    return new Response(answer.body ?? "", {
      status: answer.status,
      statusText: answer.status === 500 ? "Internal Server Error" : "",
    });
  };
  return { fetch: fn, requests };
}

export const source = (key: string): SourceConfig => {
  const s = findSource(key);
  if (!s) throw new Error(`no source ${key}`);
  return s;
};

export function deps(fetch: SourceFetch, overrides: Partial<RunDeps> = {}): RunDeps {
  return { db: db(), config: config(), fetch, now: FIXTURE_NOW, fixtures: false, ...overrides };
}

/** Real centroids of the ZIPs the fixtures use (as the zipcodes package has them, rounded), with their zones. */
export async function seedFixtureZips() {
  const rows = [
    { zip: "94129", lat: 37.7989, lon: -122.4662, city: "San Francisco", state: "CA", timeZone: "America/Los_Angeles" },
    { zip: "94118", lat: 37.7812, lon: -122.4614, city: "San Francisco", state: "CA", timeZone: "America/Los_Angeles" },
    { zip: "94612", lat: 37.8113, lon: -122.2682, city: "Oakland", state: "CA", timeZone: "America/Los_Angeles" },
    { zip: "94121", lat: 37.7786, lon: -122.4892, city: "San Francisco", state: "CA", timeZone: "America/Los_Angeles" },
    { zip: "94704", lat: 37.8664, lon: -122.2576, city: "Berkeley", state: "CA", timeZone: "America/Los_Angeles" },
    { zip: "97202", lat: 45.4843, lon: -122.6365, city: "Portland", state: "OR", timeZone: "America/Los_Angeles" },
    { zip: "11693", lat: 40.5907, lon: -73.8096, city: "Far Rockaway", state: "NY", timeZone: "America/New_York" },
    { zip: "98331", lat: 47.9, lon: -124.4, city: "Forks", state: "WA", timeZone: "America/Los_Angeles" },
    { zip: "94129", lat: 37.7989, lon: -122.4662, city: "San Francisco", state: "CA", timeZone: "America/Los_Angeles" },
  ];
  for (const r of rows) {
    await db().insert(zipCodes).values(r).onConflictDoUpdate({ target: zipCodes.zip, set: r });
  }
}

/** Every mapped item ends in exactly one outcome. */
export const outcomes = (c: Record<string, number>) =>
  (c.skipped_missing_required ?? 0) +
  (c.skipped_invalid_datetime ?? 0) +
  (c.skipped_past ?? 0) +
  (c.inserted ?? 0) +
  (c.updated ?? 0) +
  (c.duplicate_unchanged ?? 0) +
  (c.failed_db_error ?? 0);
