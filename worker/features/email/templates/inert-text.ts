import { escapeHtml, SafeHtml } from "./html";

/**
 * Member-written text (shared notes) goes out as plain text that nothing turns into a link
 * (decision 183). Escaping stops markup, but mail clients (Gmail, Outlook, Apple Mail) also
 * auto-link anything that looks like a URL, a domain or an address, in the HTML and the text part.
 * In every whitespace-free run that looks like one, a zero-width space (U+200B, `&#8203;`) follows
 * each ".", "@" and ":" — so "example.com" no longer has a top-level domain a linkifier recognises,
 * while a reader sees the note unchanged. Ordinary words and numbers are left alone.
 */
export const ZERO_WIDTH_SPACE = "\u200B";

/**
 * A domain-like run ("a.bc": a dot before a letter), a dotted address ("1.2.3…"), an e-mail
 * address ("@"), a scheme ("x://") or a "www." prefix. "3.5 kg" and "end. Then" are left alone.
 */
const LINK_LIKE = /[\p{L}\p{N}_-]\.\p{L}|\d\.\d+\.\d|@|:\/\/|^www\./iu;
const BREAK_AFTER = /([.@:])(?=\S)/g;

export function inertText(text: string): string {
  return text.replace(/\S+/g, (run) => (LINK_LIKE.test(run) ? run.replace(BREAK_AFTER, `$1${ZERO_WIDTH_SPACE}`) : run));
}

/** The HTML form: escaped, with the breaks written as `&#8203;` so they survive any re-encoding. */
export function inertHtml(text: string): SafeHtml {
  return new SafeHtml(escapeHtml(inertText(text)).replaceAll(ZERO_WIDTH_SPACE, "&#8203;"));
}
