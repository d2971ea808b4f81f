/**
 * The one place the shape of user-typed fields is decided: lengths, email, ZIP, web URL, site path,
 * calendar date, control characters. Shared by the Worker's schemas and the web forms, so it
 * imports nothing (no zod, no Worker APIs); each feature keeps its own spec message and passes it
 * to zod's `refine`. Every predicate checks the length before any pattern, and every pattern is
 * linear-time (no nested or overlapping quantifiers), so no input can make a check slow
 * (decision record 061).
 */

/** Maximum lengths, in UTF-16 code units (what `String.length` and zod's `.max` count). */
export const FIELD_MAX = {
  /** RFC 5321's limit on a forward path. */
  email: 254,
  /** Longest URL we store; browsers and search engines handle 2 KB URLs everywhere. */
  url: 2048,
  /** "12345-6789" */
  zip: 10,
  /** "YYYY-MM-DD" */
  date: 10,
  /** A one-line label, name or title. */
  line: 200,
  /** A multi-line text (descriptions, messages). */
  text: 5000,
} as const;

/**
 * Local part: letters, digits and . _ % + ' -; domain: dot-separated labels of letters, digits
 * and hyphens, the last one letters only (2+). The '@' and '.' separators cannot be matched by
 * the neighbouring classes, so there is one way to match and no backtracking blow-up.
 */
const EMAIL = /^[A-Za-z0-9._%+'-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;
/** The contact form's looser "something@something" (product spec §5). */
const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+$/;
/** ZIP or ZIP+4: every field that takes a ZIP takes both and keeps the first five digits (decision 160). */
const ZIP = /^\d{5}(?:-\d{4})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/**
 * C0/C1 controls and DEL; bidi embeddings, overrides and isolates (Trojan Source); the Unicode
 * line and paragraph separators. Tab, LF and CR pass only when `multiline`.
 */
function isForbiddenCode(code: number, multiline: boolean): boolean {
  if (code < 0x20) return !(multiline && (code === TAB || code === LF || code === CR));
  return (
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x2028 ||
    code === 0x2029
  );
}

/** A standard address: one '@', a dotted domain ending in a 2+ letter label, at most 254 characters. */
export const isEmail = (value: string): boolean => value.length <= FIELD_MAX.email && EMAIL.test(value);

/** "something@something", at most 254 characters (the contact form's rule). */
export const isLooseEmail = (value: string): boolean => value.length <= FIELD_MAX.email && LOOSE_EMAIL.test(value);

/** A US ZIP: 5 digits or ZIP+4 ("12345-6789"). */
export const isZip = (value: string): boolean => value.length <= FIELD_MAX.zip && ZIP.test(value);

/**
 * The leading 5 digits of a ZIP or ZIP+4 (after trimming), or undefined: what is stored, searched
 * and shown, since the ZIP table and every lookup are by 5-digit ZIP.
 */
export const zip5 = (value: string | null | undefined): string | undefined => {
  const v = value?.trim() ?? "";
  return isZip(v) ? v.slice(0, 5) : undefined;
};

/** Parses an http(s) URL of at most 2048 characters; null for anything else (javascript:, data:, …). */
export function parseWebUrl(value: string, options: { httpsOnly?: boolean } = {}): URL | null {
  if (value.length > FIELD_MAX.url || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol === "https:") return url;
  return url.protocol === "http:" && !options.httpsOnly ? url : null;
}

/** True for an http(s) URL (only https with `httpsOnly`). */
export const isWebUrl = (value: string, options: { httpsOnly?: boolean } = {}): boolean =>
  parseWebUrl(value, options) !== null;

/**
 * The form a URL is stored in: `new URL(v).href` (lower-cased scheme and host, percent-encoded
 * spaces and controls), so what is shown, linked and written into `.ics` is what was checked.
 * Returns the input unchanged when it is not a URL (callers validate first).
 */
export const normaliseUrl = (value: string): string => (URL.canParse(value) ? new URL(value).href : value);

/**
 * A path on this site ("/media/…", "/actions/x"): starts with one '/', never "//" or "/\" (which
 * browsers treat as another host), no backslash anywhere, no whitespace or control characters.
 */
export const isSitePath = (value: string): boolean =>
  value.length <= FIELD_MAX.url &&
  value.startsWith("/") &&
  !value.startsWith("//") &&
  !value.includes("\\") &&
  !/\s/.test(value) &&
  isPlainText(value);

/** A date that exists on the calendar, written YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = value.length === FIELD_MAX.date ? DATE.exec(value) : null;
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * True when the text holds no control characters and no bidi overrides. `multiline` allows
 * newline, carriage return and tab: for descriptions and messages, never for names, titles,
 * emails or URLs (where a newline could split a header or an `.ics` line).
 */
export function isPlainText(value: string, options: { multiline?: boolean } = {}): boolean {
  const multiline = options.multiline === true;
  for (let i = 0; i < value.length; i++) {
    if (isForbiddenCode(value.charCodeAt(i), multiline)) return false;
  }
  return true;
}

/** The message zod rules use when `isPlainText` fails, unless a feature has its own. */
export const PLAIN_TEXT_MESSAGE = "Remove control or formatting characters from this field";
