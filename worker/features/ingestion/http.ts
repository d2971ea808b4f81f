import { MAX_REDIRECTS } from "./limits";
import { targetRefusal } from "./targets";
import type { SourceFetch } from "./types";

/** A source that could not be read; the message is shown to admins on the run. */
export class SourceError extends Error {}

const USER_AGENT = "EarthkindEventsBot/1.0 (+https://earthkind.org; conservation events listing)";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type SourceRequest = {
  /** For the whole request: every redirect hop, the headers and the body (limits.ts). */
  timeoutMs: number;
  /** Largest body accepted (limits.ts); past it the stream is cancelled and the request fails. */
  maxBytes: number;
  accept?: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /**
   * Secret headers (API keys, Authorization): sent to the first URL's origin only, so a redirect to
   * another host never carries them.
   */
  credentials?: Record<string, string>;
};

/** A refusal made for safety (cap, redirect, target): logged as well as recorded on the run. */
function refused(message: string): SourceError {
  console.warn(`ingestion: ${message}`);
  return new SourceError(message);
}

/**
 * The fetch real sources go through (decision 180): each URL asked for — the first and, since
 * `fetchSourceText` follows redirects by hand, every redirect's — must be public http(s); anything
 * else is refused before a request is made. Fixture and benchmark fetches that read this machine on
 * purpose do not go through it.
 */
export function publicOnly(fetchFn: SourceFetch): SourceFetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const refusal = targetRefusal(url);
    if (refusal) return Promise.reject(refused(`Refused to fetch ${hostOf(url) || url.slice(0, 100)}: ${refusal}`));
    return fetchFn(input, init);
  };
}

/**
 * One request to a source, bounded (decision 180), as text. One deadline covers the whole of it; the
 * body is streamed and given up past `maxBytes`; redirects are followed by hand, at most
 * MAX_REDIRECTS, never from https to http, with credentials only on the first origin, each hop asked
 * of `fetchFn` (for real sources `publicOnly`, which refuses private targets). Non-2xx answers are
 * errors that name the status. Bodies are decoded by `decodeBody`: real feeds arrive as UTF-16 or
 * Windows-1252 as well as UTF-8.
 */
export async function fetchSourceText(fetchFn: SourceFetch, url: string, req: SourceRequest): Promise<string> {
  const { bytes, contentType } = await fetchSourceBytes(fetchFn, url, req);
  return decodeBody(bytes, contentType);
}

/** `fetchSourceText`'s request, bounded the same way, as bytes and the answer's declared type (pictures). */
export async function fetchSourceBytes(
  fetchFn: SourceFetch,
  url: string,
  req: SourceRequest,
): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  const controller = new AbortController();
  let timedOut = false;
  let phase = "waiting for";
  let host = hostOf(url);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      reject(new SourceError("timed out"));
    }, req.timeoutMs);
  });
  deadline.catch(() => {});
  // The fetch or the body may ignore the abort (a fake host, a stuck stream): the deadline still wins.
  const bounded = <T>(work: Promise<T>) => Promise.race([work, deadline]);
  try {
    const res = await bounded(
      follow(fetchFn, url, req, controller.signal, (h) => {
        host = h;
      }),
    );
    phase = "reading";
    const bytes = await bounded(readCapped(res, req.maxBytes, host, controller.signal));
    return { bytes, contentType: res.headers.get("Content-Type") };
  } catch (err) {
    if (timedOut) throw new SourceError(`Timed out after ${duration(req.timeoutMs)} ${phase} ${host}`);
    if (err instanceof SourceError) throw err;
    throw new SourceError(`Could not reach ${host}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The requests of one source read, redirects followed by hand; the first non-redirect answer. */
async function follow(
  fetchFn: SourceFetch,
  url: string,
  req: SourceRequest,
  signal: AbortSignal,
  onHost: (host: string) => void,
): Promise<Response> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new SourceError(`Not a URL: ${url}`);
  }
  const origin = target.origin;
  let method = req.method ?? "GET";
  let body = req.body;
  for (let hop = 0; ; hop++) {
    onHost(target.host);
    const headers = new Headers(req.headers);
    headers.set("User-Agent", USER_AGENT);
    if (req.accept) headers.set("Accept", req.accept);
    if (body === undefined) headers.delete("Content-Type");
    if (target.origin === origin)
      for (const [name, value] of Object.entries(req.credentials ?? {})) headers.set(name, value);
    const res = await fetchFn(target.toString(), { method, headers, body, redirect: "manual", signal });
    if (!REDIRECTS.has(res.status)) {
      if (res.ok) return res;
      void res.body?.cancel().catch(() => {});
      throw new SourceError(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""} from ${target.host}`);
    }
    void res.body?.cancel().catch(() => {});
    const location = res.headers.get("Location");
    if (!location) throw new SourceError(`HTTP ${res.status} without a Location from ${target.host}`);
    if (hop >= MAX_REDIRECTS) throw refused(`Refused: more than ${MAX_REDIRECTS} redirects from ${hostOf(url)}`);
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw new SourceError(`Unreadable redirect from ${target.host}`);
    }
    if (target.protocol === "https:" && next.protocol === "http:")
      throw refused(`Refused a redirect from https to http (${target.host} to ${next.host})`);
    // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
    target = next;
  }
}

/**
 * The body's bytes, streamed: a declared or actual length past `maxBytes` cancels the stream and
 * fails, so nothing of an oversized answer is parsed. The abort signal (the deadline) cancels it too.
 */
async function readCapped(res: Response, maxBytes: number, host: string, signal: AbortSignal): Promise<Uint8Array> {
  const tooLarge = () => refused(`Refused: the answer from ${host} is larger than ${size(maxBytes)}`);
  const declared = Number(res.headers.get("Content-Length") ?? Number.NaN);
  if (declared > maxBytes) {
    void res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener("abort", cancel);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw new SourceError("aborted");
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener("abort", cancel);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F (five of them unassigned: kept as C1).
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const codes = Array.from(bytes.subarray(i, i + 8192), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b));
    out += String.fromCharCode(...(codes as number[]));
  }
  return out;
}

/** Big-endian UTF-16 swapped to little-endian (the one UTF-16 every TextDecoder has). */
function decodeUtf16be(bytes: Uint8Array): string {
  const swapped = new Uint8Array(bytes.length - (bytes.length % 2));
  for (let i = 0; i < swapped.length; i += 2) {
    swapped[i] = bytes[i + 1] as number;
    swapped[i + 1] = bytes[i] as number;
  }
  return new TextDecoder("utf-16le").decode(swapped);
}

/** UTF-16 without a BOM shows itself by NULs in every other byte of ASCII text. */
function utf16WithoutBom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 512);
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.6 && evenNul === 0) return "utf-16le";
  if (evenNul > pairs * 0.6 && oddNul === 0) return "utf-16be";
  return null;
}

/**
 * Text from a body's bytes. The byte-order mark decides first, then NUL patterns (UTF-16 without
 * a BOM), then the declared charset; otherwise UTF-8 when the bytes are valid UTF-8, else
 * Windows-1252 (what "ANSI" exports and most mislabelled Latin-1 really are).
 */
export function decodeBody(bytes: Uint8Array, contentType?: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16be(bytes.subarray(2));
  const sniffed = utf16WithoutBom(bytes);
  if (sniffed === "utf-16le") return new TextDecoder("utf-16le").decode(bytes);
  if (sniffed === "utf-16be") return decodeUtf16be(bytes);
  const declared = /charset="?([\w-]+)/i.exec(contentType ?? "")?.[1]?.toLowerCase();
  if (declared && /^(windows-1252|cp1252|iso-8859-1|latin1|us-ascii)$/.test(declared)) return decodeWindows1252(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
