import type { MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { matchedRoutes } from "hono/route";
import type { AppBindings } from "./hono";
import { hashUserId, logJson } from "./log";

/**
 * Every response carries X-Request-Id: Cloudflare's Ray ID when the request came through
 * Cloudflare (so a visitor's reference also finds the request in Cloudflare's own logs), a random
 * id otherwise. A client-sent X-Request-Id is not trusted: a reference must name our log line.
 */
export const requestIdentity = (): MiddlewareHandler<AppBindings> => {
  const assign = requestId({
    headerName: "",
    generator: (c) => c.req.header("cf-ray") ?? crypto.randomUUID().replaceAll("-", "").slice(0, 16),
  });
  return async (c, next) =>
    assign(c, async () => {
      c.header("X-Request-Id", c.var.requestId);
      await next();
    });
};

/**
 * One JSON line per request: method, route pattern (never the raw path, which can carry tokens),
 * status, duration, request id and a hash of the signed-in user's id.
 */
export const requestLog = (): MiddlewareHandler<AppBindings> => async (c, next) => {
  const started = Date.now();
  await next();
  // The handler that answered; a request no route matched ends on a middleware (a handler that takes `next`).
  const answered = matchedRoutes(c).at(c.req.routeIndex);
  const pattern = answered && answered.handler.length < 2 ? answered.path : null;
  const user = c.get("user");
  logJson(
    {
      type: "request",
      method: c.req.method,
      route: pattern,
      status: c.res.status,
      duration_ms: Date.now() - started,
      request_id: c.var.requestId,
      user: user ? await hashUserId(user.id) : null,
    },
    c.res.status >= 500 ? "error" : "log",
  );
  // Responses built outside Hono (static assets) may not carry the prepared header yet.
  if (!c.res.headers.has("X-Request-Id")) {
    try {
      c.res.headers.set("X-Request-Id", c.var.requestId);
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("X-Request-Id", c.var.requestId);
    }
  }
};
