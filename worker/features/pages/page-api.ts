import { AsyncLocalStorage } from "node:async_hooks";
import type { Context } from "hono";
import { LOCALE_TAGS, localeOfPath } from "#contract/i18n/locales";
import type { AppBindings } from "../../platform/hono";

type Scope = {
  send: (request: Request) => Promise<Response>;
  origin: string;
  /** The page request's cookies: a signed-in render's reads start on the primary too (decision 188). */
  cookie: string | undefined;
  /** The page's language tag: its reads are answered in it, as the browser's are (`Accept-Language`). */
  language: string;
  /** GET answers already read while rendering this page, by URL (the action page's head and body share one). */
  reads: Map<string, Promise<Response>>;
};

const scope = new AsyncLocalStorage<Scope>();

/**
 * The page renderer's `fetch` for /api (decision 206): the web app's own typed client and query functions, with the
 * request going to this Worker's app in process rather than over the network, so a server-rendered page reads
 * exactly what the browser would. One function for every render in the isolate; which request it belongs to is
 * the async context's (`withPageApi`), so concurrent renders never mix.
 */
export const pageApiFetch: typeof fetch = async (input, init) => {
  const current = scope.getStore();
  if (!current) throw new Error("an /api read outside a page render");
  const url = new URL(input instanceof Request ? input.url : String(input), current.origin);
  const request = new Request(url, init);
  if (current.cookie) request.headers.set("Cookie", current.cookie);
  if (!request.headers.has("Accept-Language")) request.headers.set("Accept-Language", current.language);
  if (request.method !== "GET") return current.send(request);
  let read = current.reads.get(url.href);
  if (!read) {
    read = current.send(request);
    current.reads.set(url.href, read);
  }
  return (await read).clone();
};

/** Runs `render` with `pageApiFetch` bound to this request's app. */
export function withPageApi<T>(c: Context<AppBindings>, render: () => Promise<T>): Promise<T> {
  return scope.run(
    {
      send: c.var.appFetch,
      origin: new URL(c.req.url).origin,
      cookie: c.req.header("Cookie"),
      language: LOCALE_TAGS[localeOfPath(new URL(c.req.url).pathname)],
      reads: new Map(),
    },
    render,
  );
}

/** A JSON read through the API in process; `null` where it answers 404 (an unknown slug or event). */
export async function readPageApi<T>(path: string): Promise<T | null> {
  const res = await pageApiFetch(path, { headers: { Accept: "application/json" } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}
