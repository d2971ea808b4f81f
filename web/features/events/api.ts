import { queryOptions } from "@tanstack/react-query";
import type {
  AdminSubmission,
  EventResult,
  EventSubmission,
  SubmissionStatus,
} from "../../../worker/features/events/schemas";
import type { RunRecord, RunResult, RunSummary } from "../../../worker/features/ingestion/run-types";
import { type ApiPath, apiFetch } from "../../lib/api";

/** Query keys of the events feature (one factory module per feature). */
export const eventsKeys = {
  all: ["events"] as const,
  search: (params: SearchParams | null) => ["events", "search", params] as const,
  nearestZip: (lat: number, lon: number) => ["events", "nearest-zip", lat, lon] as const,
  submissions: (status: SubmissionStatus) => ["events", "admin", "submissions", status] as const,
  sources: ["events", "admin", "ingestion", "sources"] as const,
};

export type SearchParams = {
  zip?: string;
  radius: number;
  start?: string;
  end?: string;
  include_online?: "true";
  limit: number;
};

/**
 * The search. react-query hands the fetch an AbortSignal and aborts it when the parameters
 * change before it answers, so a superseded search is cancelled; aborted requests never reach
 * the error state (react-query drops them).
 */
export const eventsSearchQuery = (params: SearchParams | null) =>
  queryOptions({
    queryKey: eventsKeys.search(params),
    queryFn: ({ signal }) =>
      apiFetch<{ events: EventResult[] }>("/api/events", { query: params ?? {}, signal }).then((r) => r.events),
    enabled: params !== null,
    staleTime: 60_000,
    retry: false,
  });

export type NearestZip = { zip: string; city: string; state: string; distance_miles: number };

/** Only the rounded coordinates leave the browser (about a kilometre), and only to find a ZIP. */
export const nearestZipQuery = (lat: number, lon: number) =>
  queryOptions({
    queryKey: eventsKeys.nearestZip(lat, lon),
    queryFn: ({ signal }) => apiFetch<NearestZip>("/api/events/nearest-zip", { query: { lat, lon }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The .ics download of one event (a link, not a fetch). */
export const eventCalendarUrl = (id: string): ApiPath => `/api/events/${encodeURIComponent(id)}.ics`;

export const submitEvent = (body: EventSubmission) =>
  apiFetch<{ message?: string }>("/api/event-submissions", { method: "POST", body });

// Admin ------------------------------------------------------------------------------------------

export const submissionsQuery = (status: SubmissionStatus = "pending") =>
  queryOptions({
    queryKey: eventsKeys.submissions(status),
    queryFn: ({ signal }) =>
      apiFetch<{ submissions: AdminSubmission[] }>("/api/admin/event-submissions", {
        query: { status },
        signal,
        auth: true,
      }).then((r) => r.submissions),
    staleTime: 0,
  });

export const approveSubmission = (id: string, postalCode?: string) =>
  apiFetch<{ submission: AdminSubmission; event_id: string }>(
    `/api/admin/event-submissions/${encodeURIComponent(id)}/approve`,
    { method: "POST", body: postalCode ? { postal_code: postalCode } : {}, auth: true },
  );

export const rejectSubmission = (id: string, reason: string) =>
  apiFetch<{ submission: AdminSubmission }>(`/api/admin/event-submissions/${encodeURIComponent(id)}/reject`, {
    method: "POST",
    body: { reason },
    auth: true,
  });

export type IngestionSource = {
  key: string;
  name: string;
  description: string;
  type: "ics" | "html" | "api" | "firecrawl";
  url: string;
  enabled: boolean;
  disabled_reason: string | null;
  latest_run: RunRecord | null;
};

export const ingestionSourcesQuery = () =>
  queryOptions({
    queryKey: eventsKeys.sources,
    queryFn: ({ signal }) =>
      apiFetch<{ sources: IngestionSource[]; fixtures: boolean }>("/api/admin/ingestion/sources", {
        signal,
        auth: true,
      }),
    staleTime: 0,
    // Follow runs still going (the daily schedule's, another admin's, or one that outlived its
    // request): the "still running" toast promises the card updates when the run finishes.
    refetchInterval: (query) =>
      query.state.data?.sources.some((s) => s.latest_run?.status === "running") ? 5_000 : false,
  });

export type RunAnswer = { results: RunResult[]; summary: RunSummary };

export const runIngestion = (body: { run_all: true } | { source_key: string }) =>
  apiFetch<RunAnswer>("/api/admin/ingestion/run", { method: "POST", body, auth: true });

export type AudubonBatchAnswer = {
  batches_processed: number;
  totals: { inserted: number; updated: number };
  results: RunResult[];
};

export const runAudubonBatch = () =>
  apiFetch<AudubonBatchAnswer>("/api/admin/ingestion/audubon-batch", {
    method: "POST",
    body: { total_batches: 10, batch_size: 5 },
    auth: true,
  });

export type { AdminSubmission, EventResult, RunRecord, RunResult, RunSummary };
