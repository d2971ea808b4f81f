import type { SendResult } from "./types";

/** The slice of `fetch` the HTTP adapters use; tests pass a local fake of the provider's API here. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type HttpProviderOptions = {
  apiKey: string;
  /** Overrides the provider's API origin (MAIL_API_BASE_URL), e.g. to point at a local fake. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** A provider call that hangs would hold the queue consumer; after this it counts as a retryable failure. */
  timeoutMs?: number;
  /**
   * The provider's request rate limit (Resend: 2 per second by default). Calls from this isolate are
   * spaced to it, so a fan-out runs at the ceiling instead of bouncing off 429s.
   */
  requestsPerSecond?: number;
  /**
   * The pacer every consumer shares (the MailPacer Durable Object, decision 208). With it, each request waits
   * for a slot of one schedule across all isolates; without it (or when it cannot be reached), this isolate
   * paces itself with the request slots below.
   */
  sharedPacer?: SharedPacer;
};

/** A send schedule shared by every consumer: a slot before each request, and word of each 429 (decision 208). */
export type SharedPacer = {
  /** Reserves a place in line at `perSecond` and returns the ms to wait for it. */
  slot(perSecond: number): Promise<number>;
  /** Asked when that wait is over: the ms still to wait before sending (usually 0; see pacer-schedule.ts). */
  go(perSecond: number): Promise<number>;
  /** The provider answered 429 with this Retry-After: every consumer holds off and slows down. */
  rateLimited(retryAfterSeconds: number): Promise<void>;
};

/** Next free request slot per rate-limited origin, shared by every call in this isolate. */
const nextSlotAt = new Map<string, number>();
/** This isolate's share of the rate per origin, as a fraction of the configured rate (see `sharePace`). */
const shareOf = new Map<string, number>();

/**
 * Waits for this isolate's next request slot at `perSecond` times its current share (slots are reserved in
 * call order, so concurrent senders in the isolate queue up rather than burst). No limit, no wait.
 */
export async function waitForRequestSlot(key: string, perSecond: number | undefined): Promise<void> {
  if (!perSecond || perSecond <= 0) return;
  const now = Date.now();
  const slot = Math.max(now, nextSlotAt.get(key) ?? 0);
  nextSlotAt.set(key, slot + 1000 / (perSecond * (shareOf.get(key) ?? 1)));
  if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the next request slot: of the shared pacer when there is one (after any Retry-After this isolate
 * was told to hold), else of this isolate's own schedule. A pacer that cannot be reached is no reason to stop
 * sending: the isolate paces itself then, as it did before the pacer, and says so in the log.
 */
export async function waitForSlot(key: string, perSecond: number | undefined, shared?: SharedPacer): Promise<void> {
  if (!perSecond || perSecond <= 0) return;
  if (shared) {
    const held = (nextSlotAt.get(key) ?? 0) - Date.now();
    if (held > 0) await sleep(held);
    try {
      const wait = await shared.slot(perSecond);
      if (wait > 0) await sleep(wait);
      // Let go one interval after the last request as it actually went, however late this isolate woke up.
      const rest = await shared.go(perSecond);
      if (rest > 0) await sleep(rest);
      return;
    } catch (err) {
      console.warn(`mail pacer unreachable, pacing in this isolate: ${thrownText(err)}`);
    }
  }
  await waitForRequestSlot(key, perSecond);
}

/** Tells the shared pacer of a 429, if there is one; a pacer that cannot be reached changes nothing here. */
export async function reportRateLimited(shared: SharedPacer | undefined, seconds: number): Promise<void> {
  try {
    await shared?.rateLimited(seconds);
  } catch (err) {
    console.warn(`mail pacer unreachable: ${thrownText(err)}`);
  }
}

/**
 * Finds this isolate's share of the provider's rate when others spend it too (several consumers at once, an
 * old and a new deployment overlapping): additive increase, multiplicative decrease, as TCP shares a link.
 * A 429 cuts the share to 80 %; each accepted request wins back 2 % of the rate, up to all of it. Alone, a
 * sender keeps its full rate (a rare 429 costs a few seconds at 80 %); with others, each settles near its
 * part of the ceiling instead of colliding at every second (issue 24, bench/README.md).
 */
export function sharePace(key: string, answer: "accepted" | "rate-limited"): void {
  const share = shareOf.get(key) ?? 1;
  shareOf.set(key, answer === "rate-limited" ? Math.max(0.1, share * 0.8) : Math.min(1, share + 0.02));
}

/** After a 429: no request from this isolate to that origin before Retry-After has passed. */
export function holdRequestSlots(key: string, seconds: number): void {
  nextSlotAt.set(key, Math.max(nextSlotAt.get(key) ?? 0, Date.now() + seconds * 1000));
}

/**
 * The provider's own count of what is left (IETF RateLimit headers, as Resend sends them): when a reply says
 * none is left in the window, no request from this isolate goes before the window resets, so the sender slows
 * down before a 429 rather than after one — also when another consumer spent part of the window.
 */
export function observeRateLimit(key: string, headers: Headers): void {
  const remaining = Number(headers.get("ratelimit-remaining") ?? Number.NaN);
  const reset = Number(headers.get("ratelimit-reset") ?? Number.NaN);
  if (remaining <= 0 && Number.isFinite(reset) && reset > 0) holdRequestSlots(key, Math.min(reset, 60));
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * A JSON body serialized once, before the request waits for its slot: a batch of 100 rendered emails is about a
 * megabyte, and stringifying it after the slot came would put that time, which varies with the machine's load,
 * between the slot and the provider, where the pacer's margin is tens of milliseconds (decision 208).
 */
export class JsonBody {
  readonly text: string;
  constructor(payload: unknown) {
    this.text = JSON.stringify(payload);
  }
}

export type HttpReply = { status: number; headers: Headers; body: unknown };

/**
 * POSTs JSON (or GETs, when there is no payload) and reads the JSON answer, with a hard timeout. The
 * timer races the call as well as aborting it, so even a fetch that ignores its signal cannot hang
 * the consumer.
 */
export async function requestJson(
  fetchFn: FetchLike,
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  timeoutMs: number,
): Promise<HttpReply> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const res = await Promise.race([
      fetchFn(url, {
        method: payload === undefined ? "GET" : "POST",
        headers: {
          Accept: "application/json",
          ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        ...(payload === undefined
          ? {}
          : { body: payload instanceof JsonBody ? payload.text : JSON.stringify(payload) }),
        signal: controller.signal,
      }),
      timeout,
    ]);
    const text = await Promise.race([res.text(), timeout]);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, body };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Retry-After as seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** A thrown value as text, for results and connection checks. */
export const thrownText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The same outcome for every message of a request that failed as a whole. `ambiguous`: the provider may
 * have accepted it all the same (decision 198).
 */
export function failAll(
  count: number,
  error: string,
  retryable: boolean,
  retryAfter?: number,
  ambiguous = false,
): SendResult[] {
  return Array.from({ length: count }, () => ({
    ok: false as const,
    error,
    retryable,
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
    ...(ambiguous ? { ambiguous: true } : {}),
  }));
}

/**
 * Whether a failed request may have been accepted anyway: a timeout or dropped connection (thrown) may
 * have reached the provider, and a 5xx may come after it read the request. 4xx (429 too) is a refusal.
 */
export const mayHaveBeenAccepted = (status: number | "thrown") => status === "thrown" || status >= 500;

/** Maps an HTTP status of a failed request to retryability: throttling and server trouble pass. */
export const isRetryableStatus = (status: number) => status === 429 || status === 408 || status >= 500;

/** A short, log-safe description of an error answer (never the request, which holds addresses). */
export function describeError(status: number, body: unknown): string {
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    const message = b.message ?? b.Message ?? b.error;
    if (typeof message === "string") return `HTTP ${status}: ${message.slice(0, 300)}`;
  }
  return `HTTP ${status}`;
}

/** Calls a path of one provider's API: POST with a payload, GET without (see `requestJson`). */
export type JsonPoster = (path: string, headers: Record<string, string>, payload?: unknown) => Promise<HttpReply>;

/** Binds a provider's options (fetch, base URL override, timeout) once, for every call it makes. */
export function jsonPoster(options: HttpProviderOptions, defaultBaseUrl: string): JsonPoster {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return (path, headers, payload) => requestJson(fetchFn, `${baseUrl}${path}`, headers, payload, timeoutMs);
}
