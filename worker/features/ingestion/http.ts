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

/**
 * Reads a body with the same deadline (a slow body is as bad as a slow header), decoded by
 * `decodeBody`: real feeds arrive as UTF-16 or Windows-1252 as well as UTF-8.
 */
export async function readText(res: Response, url: string, timeoutMs: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SourceError(`Timed out after ${duration(timeoutMs)} reading ${hostOf(url)}`)),
      timeoutMs,
    );
  });
  try {
    const bytes = new Uint8Array(await Promise.race([res.arrayBuffer(), timeout]));
    return decodeBody(bytes, res.headers.get("Content-Type"));
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
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

const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
