/**
 * A tiny typed HTML tag for email templates: every interpolated value is escaped unless it is
 * already `SafeHtml` (the output of `html` itself), so a template cannot forget to escape a
 * subscriber's name. Synchronous and dependency-free (see docs/decisions/030).
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] as string);

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i] as HtmlValue) + (strings[i + 1] ?? "");
  return new SafeHtml(out);
}

/**
 * Only absolute http(s) URLs reach an href or src: escaping alone would still let a stored
 * `javascript:` link through. Anything else becomes null and the template leaves the link out.
 */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Adds query parameters (UTM tags) to a URL, keeping any it already has. */
export function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Subjects are headers: no line breaks, bounded length. */
export const cleanSubject = (subject: string): string =>
  subject
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, 200);
