/**
 * The same rule as a pattern, for the API document (issue 47): "/" alone, or "/" then a character that is neither
 * "/" nor "\\", and no control character or backslash anywhere. A path it allows always resolves on our origin.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is that no control character may appear.
export const SAFE_REDIRECT_PATTERN = /^\/(?:[^/\\\u0000-\u001f\u007f][^\\\u0000-\u001f\u007f]*)?$/;

/**
 * Where to go after sign-in: only a same-origin relative path (`/x`, not `//host` or `/\host`,
 * which browsers treat as another origin), so a link cannot be turned into an open redirect.
 * Pure and dependency-free: the web pages import it without pulling in zod.
 */
export function isSafeRedirectPath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  // Control characters (tabs and newlines are stripped by URL parsers) could smuggle `//` in; a
  // backslash is read as a slash by browsers.
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === "\\") return false;
  }
  try {
    return new URL(value, "https://earthkind.invalid").origin === "https://earthkind.invalid";
  } catch {
    return false;
  }
}
