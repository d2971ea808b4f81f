/**
 * The one place that knows how to talk to the Worker's JSON API (ARCHITECTURE.md §5). The client is
 * Hono's `hc` over the Worker's own `AppType` (declarations emitted by `tsc -p tsconfig.worker.json`
 * into `.types/`, decision 090), so paths, inputs and response bodies are inferred from the routes:
 * a renamed route or response field fails the web's typecheck. Features wrap calls in their own
 * `queryOptions` factories; nothing else calls `fetch` for /api.
 */
import { type ClientResponse, hc } from "hono/client";
import type { SuccessBody } from "#contract/platform/success-body";
import type { AppType } from "../../.types/worker/app";
import { getAccessToken } from "./access-token";
import { ApiError, isAbortError } from "./api-error";
import { pageMessage } from "./page-messages";

export { ApiError, isAbortError };

/**
 * The newest D1 bookmark the Worker answered with (decision 188), sent back on every call so reads from
 * a replica are at least as fresh as this tab's own writes. Bookmarks sort by age: keep the latest.
 */
let bookmark: string | null = null;
const BOOKMARK_HEADER = "X-D1-Bookmark";

function keepBookmark(response: Response): void {
  const next = response.headers.get(BOOKMARK_HEADER);
  if (next && (!bookmark || next > bookmark)) bookmark = next;
}

/**
 * Where calls go: the browser's `fetch`, or, while the Worker renders a page, the Worker's own app in process
 * (`sendApiCallsThrough`, decision 206). A render shares this module with every other render in the isolate, so
 * it keeps no bookmark: the Worker's function knows which request each call belongs to.
 */
let transport: typeof fetch | null = null;

export function sendApiCallsThrough(fetchFn: typeof fetch): void {
  transport = fetchFn;
}

/**
 * The client's `fetch`: JSON accept header, same-origin cookies, the D1 bookmark, network failures and
 * non-2xx answers as `ApiError`, and (signed-in client) the bearer token with one refresh-and-retry after a 401.
 */
function apiFetch(auth: boolean): typeof fetch {
  return async (input, init) => {
    const send = async (token: string | null): Promise<Response> => {
      const headers = new Headers(init?.headers);
      headers.set("Accept", "application/json");
      if (token) headers.set("Authorization", `Bearer ${token}`);
      if (bookmark && !transport) headers.set(BOOKMARK_HEADER, bookmark);
      // The page's language (its <html lang>, decision 270): the API's messages come back in it.
      if (!transport && typeof document !== "undefined") headers.set("Accept-Language", document.documentElement.lang);
      try {
        if (transport) return await transport(input, { ...init, headers });
        const response = await fetch(input, { ...init, headers, credentials: "same-origin" });
        keepBookmark(response);
        return response;
      } catch (error) {
        // Callers ignore aborts (spec §8), so an abort must stay recognisable as one.
        if (isAbortError(error)) throw error;
        throw new ApiError(
          0,
          "network_error",
          pageMessage("chrome.errors.network", "Network error. Please check your connection and try again."),
        );
      }
    };

    let token = auth ? await getAccessToken({ refresh: false }) : null;
    let response = await send(token);
    if (auth && response.status === 401) {
      const fresh = await getAccessToken({ refresh: true });
      if (fresh && fresh !== token) {
        token = fresh;
        response = await send(token);
      }
    }
    // A bookmark the Worker no longer accepts is dropped, and the call made once more without it.
    if (bookmark && response.status === 400 && (await toApiError(response.clone())).code === "invalid_bookmark") {
      bookmark = null;
      response = await send(token);
    }
    if (!response.ok) throw await toApiError(response);
    return response;
  };
}

/** Public routes, and auth routes that work from the refresh cookie. */
export const api = hc<AppType>("/", { fetch: apiFetch(false) });

/** Member and admin routes: sends the signed-in user's access token as `Authorization: Bearer`. */
export const signedInApi = hc<AppType>("/", { fetch: apiFetch(true) });

/** The JSON body a route answers with on success (error answers are thrown as `ApiError`). */
export type ApiBody<R> = SuccessBody<R>;

/** The success body of a client method, e.g. `ApiResponse<typeof api.api.events.$get>`. */
// biome-ignore lint/suspicious/noExplicitAny: any client method
export type ApiResponse<F extends (...args: any[]) => Promise<unknown>> = ApiBody<Awaited<ReturnType<F>>>;

/** Awaits a client call and reads its JSON body; an empty (204) answer reads as `undefined`. */
export async function read<P extends Promise<ClientResponse<unknown, number, string>>>(
  call: P,
): Promise<ApiBody<Awaited<P>>> {
  const response = await call;
  if (response.status === 204 || response.status === 205) return undefined as ApiBody<Awaited<P>>;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as ApiBody<Awaited<P>>;
}

/** A query object as the URL carries it: numbers and booleans as text, undefined values left out. */
export function toQuery<T extends Record<string, string | number | boolean | undefined>>(params: T): AsQuery<T> {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)])) as AsQuery<T>;
}

type AsQuery<T> = {
  [K in keyof T]: T[K] extends string | undefined ? T[K] : undefined extends T[K] ? string | undefined : string;
};

/** `signal` as the client's per-call options, for React Query's abortable query functions. */
export const withSignal = (signal?: AbortSignal) => ({ init: { signal } });

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = `HTTP ${response.status}: ${response.statusText}`;
  try {
    const data: unknown = await response.json();
    const error = (data as { error?: unknown } | null)?.error;
    if (error && typeof error === "object") {
      const { code, message } = error as { code?: unknown; message?: unknown };
      return new ApiError(
        response.status,
        typeof code === "string" ? code : "http_error",
        typeof message === "string" && message ? message : fallback,
      );
    }
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): the status line is all we have.
  }
  return new ApiError(response.status, "http_error", fallback);
}
