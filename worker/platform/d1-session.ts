import { createMiddleware } from "hono/factory";
import { createDb } from "./db";
import { badRequest } from "./errors";
import type { AppBindings } from "./hono";
import { hasRefreshCookie } from "./refresh-cookie";

/** The request and response header that carries a D1 bookmark (decision 188). */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

/**
 * D1's bookmarks as D1 issues them (e.g. `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683`).
 * Checked here because a garbage bookmark would otherwise fail inside D1 as a 500 (or, locally, be ignored).
 */
const BOOKMARK_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

export type D1SessionStart = "first-unconstrained" | "first-primary" | D1SessionBookmark;

/**
 * Where a request's D1 session starts (D1 read replication, decision 188): a bookmark the client sent
 * back (at least as fresh as the client's last answer, so a member reads their own writes); else an
 * anonymous read (GET/HEAD, no `Authorization`, no refresh cookie) from any replica; else (writes,
 * members, admins) the primary first.
 */
export function sessionStart(method: string, headers: Headers, signedIn: boolean): D1SessionStart {
  const bookmark = headers.get(BOOKMARK_HEADER)?.trim();
  if (bookmark) {
    if (!BOOKMARK_SHAPE.test(bookmark)) throw badRequest(`Invalid ${BOOKMARK_HEADER} header`, "invalid_bookmark");
    return bookmark;
  }
  const read = method === "GET" || method === "HEAD";
  return read && !headers.has("Authorization") && !signedIn ? "first-unconstrained" : "first-primary";
}

/**
 * Sets `c.var.db` to a drizzle client over this request's D1 session and, unless it is an anonymous
 * read, answers with the session's latest bookmark for the client to send back. The binding may be
 * the limit checker's (worker/index.ts wraps it first); its `withSession` hands out a checked session.
 */
export const d1Session = createMiddleware<AppBindings>(async (c, next) => {
  const start = sessionStart(c.req.method, c.req.raw.headers, hasRefreshCookie(c));
  const session = c.env.DB.withSession(start);
  c.set("db", createDb(session));
  await next();
  if (start === "first-unconstrained") return;
  const bookmark = session.getBookmark();
  if (bookmark) c.res.headers.set(BOOKMARK_HEADER, bookmark);
});
