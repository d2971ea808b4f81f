import { createMiddleware } from "hono/factory";
import type { AppBindings } from "./hono";

/** Paths whose answers carry tokens or personal data: no browser or shared cache may keep them. */
export function isPrivatePath(path: string): boolean {
  return (
    path.startsWith("/api/auth/") ||
    path === "/api/me" ||
    path.startsWith("/api/me/") ||
    path.startsWith("/api/admin/") ||
    path === "/api/subscription" ||
    path.startsWith("/api/subscription/")
  );
}

/** Sets `Cache-Control: no-store` on every answer to a private path, errors included. */
export const noStorePrivate = createMiddleware<AppBindings>(async (c, next) => {
  await next();
  if (isPrivatePath(new URL(c.req.url).pathname)) c.header("Cache-Control", "no-store");
});
