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
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;
/** The contact form's looser "something@something" (product spec §5). */
export const LOOSE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
/** ZIP or ZIP+4: every field that takes a ZIP takes both and keeps the first five digits (decision 160). */
export const ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;
/** C1 controls and DEL, bidi embeddings, overrides and isolates (Trojan Source), the line and paragraph separators. */
const NEVER = "\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069\\u2028\\u2029";
/**
 * Text without control or formatting characters: C0 controls too on one line; a multi-line text keeps tab, LF
 * and CR. One character class each (linear time); exported so the zod rules check with the very pattern the API
 * document states (issue 47).
 */
export const PLAIN_LINE_PATTERN = new RegExp(`^[^\\u0000-\\u001f${NEVER}]*$`);
export const PLAIN_TEXT_PATTERN = new RegExp(`^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f${NEVER}]*$`);
/** The start of an http(s) URL whose host begins with a letter or digit (what parseWebUrl accepts and more). */
export const WEB_URL_START = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[A-Za-z0-9]/;
export const HTTPS_URL_START = /^[Hh][Tt][Tt][Pp][Ss]:\/\/[A-Za-z0-9]/;
/** YYYY-MM-DD in shape; whether the day exists is isCalendarDate's (the document says it with format: date). */
export const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A standard address: one '@', a dotted domain ending in a 2+ letter label, at most 254 characters. */
export const isEmail = (value: string): boolean => value.length <= FIELD_MAX.email && EMAIL_PATTERN.test(value);

/** "something@something", at most 254 characters (the contact form's rule). */
export const isLooseEmail = (value: string): boolean =>
  value.length <= FIELD_MAX.email && LOOSE_EMAIL_PATTERN.test(value);

/** A US ZIP: 5 digits or ZIP+4 ("12345-6789"). */
export const isZip = (value: string): boolean => value.length <= FIELD_MAX.zip && ZIP_PATTERN.test(value);

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
  const m = value.length === FIELD_MAX.date ? DATE_SHAPE.exec(value) : null;
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
  return (options.multiline === true ? PLAIN_TEXT_PATTERN : PLAIN_LINE_PATTERN).test(value);
}

/** The message zod rules use when `isPlainText` fails, unless a feature has its own. */
export const PLAIN_TEXT_MESSAGE = "Remove control or formatting characters from this field";
