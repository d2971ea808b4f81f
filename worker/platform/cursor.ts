import { badRequest } from "./errors";

/** What a keyset cursor carries: the sort key of a page's last row (plus whatever the list needs to resume). */
export type CursorTuple = readonly (string | number | null)[];

/** The answer to a cursor that is not one of ours (tampered, truncated, from another list). */
export const INVALID_CURSOR_MESSAGE = "Invalid cursor.";

/**
 * An opaque keyset cursor: the tuple as JSON in URL-safe base64, so it needs no escaping in a query
 * string. It names a position in the order, not an offset, so rows inserted before it shift nothing.
 */
export function encodeCursor(values: CursorTuple): string {
  return btoa(JSON.stringify(values)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * The tuple back, checked by `read` (which returns null for a shape it does not accept); anything
 * else is a 400 `invalid_cursor`. Only what `read` accepts reaches a query.
 */
export function decodeCursor<T>(value: string, read: (tuple: unknown[]) => T | null): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(value.replaceAll("-", "+").replaceAll("_", "/")));
  } catch {
    parsed = null;
  }
  const result = Array.isArray(parsed) ? read(parsed) : null;
  if (result === null) throw badRequest(INVALID_CURSOR_MESSAGE, "invalid_cursor");
  return result;
}

/** For `read` functions: an ISO-like sort key or id, bounded so a cursor cannot smuggle a long string. */
export const isKeyString = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 64;
