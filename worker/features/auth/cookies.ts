import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";

import { REFRESH_COOKIE } from "../../platform/refresh-cookie";

export { REFRESH_COOKIE };

export const readRefreshCookie = (c: Context) => getCookie(c, REFRESH_COOKIE);

/** `maxAgeSeconds` is the refresh token's remaining life, so the cookie ends with the session. */
export function writeRefreshCookie(c: Context, token: string, maxAgeSeconds: number) {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: maxAgeSeconds,
  });
}

export const clearRefreshCookie = (c: Context) => deleteCookie(c, REFRESH_COOKIE, { path: "/", secure: true });
