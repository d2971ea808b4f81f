import type { Context } from "hono";
import { getCookie } from "hono/cookie";

/**
 * The refresh token's cookie name. `__Host-` pins the cookie to this origin over HTTPS with Path=/; local
 * http://localhost is a secure context in browsers, so the same name works in development. Platform code
 * (the D1 session choice, the page cache) needs only to know whether a browser is signed in.
 */
export const REFRESH_COOKIE = "__Host-earthkind_refresh";

/** A browser that holds a session (the refresh cookie); its requests are never served as anonymous. */
export const hasRefreshCookie = (c: Context) => Boolean(getCookie(c, REFRESH_COOKIE));
