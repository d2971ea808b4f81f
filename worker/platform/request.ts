import type { Context } from "hono";

/** The client IP as Cloudflare reports it; null in local tests without the header. */
export const clientIp = (c: Context) => c.req.header("CF-Connecting-IP") ?? null;
