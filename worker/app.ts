import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { devMailboxRoutes } from "./features/dev-mailbox/routes";
import { healthRoutes } from "./features/health/routes";
import { serveSpa, spaRoutes } from "./features/spa/routes";
import { getConfig } from "./platform/config";
import { createDb } from "./platform/db";
import { AppError, errorBody } from "./platform/errors";
import type { AppBindings } from "./platform/hono";
import { securityHeaders } from "./platform/security-headers";

/**
 * The one app factory: middleware, every feature's routes, `notFound` and `onError`.
 * Tests go through it too (via the Worker's fetch), so no test wires its own middleware.
 */
export function createApp() {
  const app = new Hono<AppBindings>();

  app.use(async (c, next) => {
    const config = getConfig(c.env);
    c.set("config", config);
    c.set("db", createDb(c.env.DB));
    await next();
  });
  app.use((c, next) => securityHeaders(c.var.config.ENVIRONMENT === "development")(c, next));

  const routes = app.route("/api/health", healthRoutes).route("/dev/mailbox", devMailboxRoutes).route("/", spaRoutes);

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    if (path.startsWith("/api/") || path.startsWith("/dev/") || path.startsWith("/media/") || c.req.method !== "GET") {
      return c.json(errorBody("not_found", "Not found"), 404);
    }
    return serveSpa(c, 404);
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json(errorBody(err.code, err.message), err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      // Hono's own errors (e.g. malformed JSON bodies) are client errors with safe messages.
      return c.json(errorBody("http_error", err.message || "Bad request"), err.status);
    }
    console.error("unhandled error", c.req.method, new URL(c.req.url).pathname, err);
    return c.json(errorBody("internal_error", "Something went wrong. Please try again in a moment."), 500);
  });

  return routes;
}

export type AppType = ReturnType<typeof createApp>;
