import { queryOptions } from "@tanstack/react-query";
import type { EventSubmission, SubmissionStatus } from "#contract/events/schemas";
import { ApiError, type ApiResponse, api, read, signedInApi, toQuery, withSignal } from "../../lib/api";

/** Query keys of the events feature (one factory module per feature). */
export const eventsKeys = {
  all: ["events"] as const,
  search: (params: SearchParams | null) => ["events", "search", params] as const,
  searchPages: (search: EventsPageSearch | null) => ["events", "search-pages", search] as const,
  nearestZip: (lat: number, lon: number) => ["events", "nearest-zip", lat, lon] as const,
  page: (id: string) => ["events", "page", id] as const,
  submissions: (status: SubmissionStatus) => ["events", "admin", "submissions", status] as const,
};

export type SearchPage = ApiResponse<typeof api.api.events.$get>;
export type EventResult = SearchPage["events"][number];
/** The search state the pages build; `toQuery` turns it into the route's query. */
export type SearchParams = {
  zip?: string;
  radius: number;
  start?: string;
  end?: string;
  include_online?: "true";
  /** One category (the page's select); the API also takes several. */
  category?: string;
  q?: string;
  limit: number;
};

/** The events page's search as its cache key: the time frame by name, turned into bounds when it is read. */
export type EventsPageSearch = Omit<SearchParams, "start" | "end"> & { frame: "week" | "month" | "all" };

/**
 * The search. react-query hands the fetch an AbortSignal and aborts it when the parameters
 * change before it answers, so a superseded search is cancelled; aborted requests never reach
 * the error state (react-query drops them).
 */
export const eventsSearchQuery = (params: SearchParams | null) =>
  queryOptions({
    queryKey: eventsKeys.search(params),
    queryFn: ({ signal }) =>
      read(api.api.events.$get({ query: toQuery(params ?? {}) }, withSignal(signal))).then((r) => r.events),
    enabled: params !== null,
    staleTime: 60_000,
    retry: false,
  });

const eventPage = api.api.events[":id"].page;
export type EventPageData = NonNullable<ApiResponse<typeof eventPage.$get>["event"]>;

/** One event's page (decision 202); `{ event: null }` where the API answers 404, the page's not-found state. */
export const eventPageQuery = (id: string) =>
  queryOptions({
    queryKey: eventsKeys.page(id),
    queryFn: ({ signal }): Promise<{ event: EventPageData | null }> =>
      read(eventPage.$get({ param: { id } }, withSignal(signal))).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return { event: null };
        throw error;
      }),
    staleTime: 60_000,
  });

const nearestZip = api.api.events["nearest-zip"];
export type NearestZip = ApiResponse<typeof nearestZip.$get>;

/** Only the rounded coordinates leave the browser (about a kilometre), and only to find a ZIP. */
export const nearestZipQuery = (lat: number, lon: number) =>
  queryOptions({
    queryKey: eventsKeys.nearestZip(lat, lon),
    queryFn: ({ signal }) =>
      read(nearestZip.$get({ query: { lat: String(lat), lon: String(lon) } }, withSignal(signal))),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The .ics download of one event (a link, not a fetch). */
export const eventCalendarUrl = (id: string) =>
  api.api.events[":file{.+\\.ics}"].$path({ param: { file: `${id}.ics` } });

/** `headers` carries the bot check's token (web/lib/bot-check.tsx). */
export const submitEvent = (json: EventSubmission, headers: Record<string, string> = {}) =>
  read(api.api["event-submissions"].$post({ json }, { headers }));

// Admin ------------------------------------------------------------------------------------------

const submissions = signedInApi.api.admin["event-submissions"];

export type AdminSubmission = ApiResponse<typeof submissions.$get>["submissions"][number];

export const submissionsQuery = (status: SubmissionStatus = "pending") =>
  queryOptions({
    queryKey: eventsKeys.submissions(status),
    queryFn: ({ signal }) =>
      read(submissions.$get({ query: { status } }, withSignal(signal))).then((r) => r.submissions),
    staleTime: 0,
  });

export const approveSubmission = (id: string, postalCode?: string) =>
  read(submissions[":id"].approve.$post({ param: { id }, json: postalCode ? { postal_code: postalCode } : {} }));

export const rejectSubmission = (id: string, reason: string) =>
  read(submissions[":id"].reject.$post({ param: { id }, json: { reason } }));

// Reminders (decision 253) ----------------------------------------------------------------------

const reminders = api.api["event-reminders"];
export type ReminderRequestAnswer = ApiResponse<typeof reminders.$post>;
export type ReminderAnswer = ApiResponse<typeof reminders.confirm.$post>;

/** A visitor's request; `headers` carries the bot check's token. */
export const requestReminder = (json: { event_id: string; email: string }, headers: Record<string, string> = {}) =>
  read(reminders.$post({ json }, { headers }));

/** A signed-in member's one tap. */
export const requestMyReminder = (eventId: string) =>
  read(signedInApi.api["event-reminders"].mine.$post({ json: { event_id: eventId } }));

export const reminderQuery = (token: string) =>
  queryOptions({
    queryKey: ["events", "reminder", token] as const,
    queryFn: ({ signal }): Promise<ReminderAnswer> => read(reminders.$get({ query: { token } }, withSignal(signal))),
    retry: false,
  });

/** The signed-in member's upcoming reminders (issue 47), and "Cancel reminder" by id. */
const myReminders = signedInApi.api.me.reminders;
export type MemberReminder = ApiResponse<typeof myReminders.$get>["reminders"][number];
export const myRemindersQuery = (userId: string) =>
  queryOptions({
    queryKey: ["events", "my-reminders", userId] as const,
    queryFn: ({ signal }) => read(myReminders.$get(undefined, withSignal(signal))).then((r) => r.reminders),
    staleTime: 0,
  });
export const cancelMyReminder = (id: string) => read(myReminders[":id"].cancel.$post({ param: { id } }));

export const confirmReminder = (token: string) => read(reminders.confirm.$post({ json: { token } }));
export const cancelReminder = (token: string) => read(reminders.cancel.$post({ json: { token } }));

/** The admin's reminder counts per event. */
export const reminderCountsQuery = () =>
  queryOptions({
    queryKey: ["events", "admin", "reminders"] as const,
    queryFn: ({ signal }) =>
      read(signedInApi.api.admin["event-reminders"].$get({}, withSignal(signal))).then((r) => r.events),
    staleTime: 0,
  });
