/**
 * The one place that knows how to talk to the Worker's JSON API (ARCHITECTURE.md §5). Features
 * wrap `apiFetch` in their own `queryOptions` factories; nothing else calls `fetch` for /api.
 */

/** Every API path is absolute and under /api, so call sites stay greppable against the Worker's routes. */
export type ApiPath = `/api/${string}`;

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a FormData body (image uploads) is sent as multipart instead. */
  body?: unknown;
  /** Appended as a query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Attach the signed-in user's access token as `Authorization: Bearer`. */
  auth?: boolean;
  headers?: HeadersInit;
}

/** An API failure, built from the server's `{ "error": { "code", "message" } }` body. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Returns the current access token. `refresh: true` asks for a new one: apiFetch passes it after a
 * 401, once, so an access token that expired in flight costs one retry instead of a sign-out.
 */
export type AccessTokenGetter = (options: { refresh: boolean }) => Promise<string | null>;

let getAccessToken: AccessTokenGetter = async () => null;

/** Called by the auth feature once its session store exists. */
export function setAccessTokenGetter(getter: AccessTokenGetter): void {
  getAccessToken = getter;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

export async function apiFetch<T>(path: ApiPath, options: ApiFetchOptions = {}): Promise<T> {
  const { method = options.body === undefined ? "GET" : "POST", body, query, signal, auth = false } = options;
  const url = withQuery(path, query);

  const send = async (token: string | null): Promise<Response> => {
    const headers = new Headers(options.headers);
    headers.set("Accept", "application/json");
    if (token) headers.set("Authorization", `Bearer ${token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers.set("Content-Type", "application/json");
      payload = JSON.stringify(body);
    }
    try {
      return await fetch(url, { method, headers, body: payload, signal, credentials: "same-origin" });
    } catch (error) {
      // Callers ignore aborts (spec §8), so an abort must stay recognisable as one.
      if (isAbortError(error)) throw error;
      throw new ApiError(0, "network_error", "Network error. Please check your connection and try again.");
    }
  };

  const token = auth ? await getAccessToken({ refresh: false }) : null;
  let response = await send(token);
  if (auth && response.status === 401) {
    const fresh = await getAccessToken({ refresh: true });
    if (fresh && fresh !== token) response = await send(fresh);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function withQuery(path: string, query: ApiFetchOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${qs}`;
}

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
