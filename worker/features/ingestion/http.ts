import type { SourceFetch } from "./types";

/** A source that could not be read; the message is shown to admins on the run. */
export class SourceError extends Error {}

const USER_AGENT = "EarthkindEventsBot/1.0 (+https://earthkind.org; conservation events listing)";

/**
 * One request to a source, bounded in time: a source that hangs fails its run instead of
 * holding the queue consumer. Non-2xx answers are errors that name the status.
 */
export async function fetchSource(
  fetchFn: SourceFetch,
  url: string,
  opts: { timeoutMs: number; init?: RequestInit; accept?: string },
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  try {
    const headers = new Headers(opts.init?.headers);
    headers.set("User-Agent", USER_AGENT);
    if (opts.accept) headers.set("Accept", opts.accept);
    const res = await fetchFn(url, { ...opts.init, headers, signal: controller.signal });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new SourceError(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""} from ${hostOf(url)}`);
    }
    return res;
  } catch (err) {
    if (err instanceof SourceError) throw err;
    if (timedOut) throw new SourceError(`Timed out after ${duration(opts.timeoutMs)} waiting for ${hostOf(url)}`);
    throw new SourceError(`Could not reach ${hostOf(url)}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a body with the same deadline (a slow body is as bad as a slow header). */
export async function readText(res: Response, url: string, timeoutMs: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SourceError(`Timed out after ${duration(timeoutMs)} reading ${hostOf(url)}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([res.text(), timeout]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
