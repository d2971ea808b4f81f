import { createMiddleware } from "hono/factory";
import { documents, errorAnswer } from "./api-docs";
import { tooManyRequests } from "./errors";
import type { AppBindings } from "./hono";
import { limitPerClient } from "./rate-limit";
import { clientIp } from "./request";

type FormLimitOptions = {
  /** Requests without CF-Connecting-IP (never the case behind Cloudflare; local runs) are not limited. */
  skipWithoutIp?: boolean;
};

/**
 * The per-client limit of a public form (RATE_LIMIT_FORMS in wrangler.toml: 5 a minute per IPv4
 * address or IPv6 /64), as middleware placed before the body is parsed so floods of any shape are
 * refused unread. Forms fail open if the limiter errors: losing a signup is worse than a short gap.
 */
export const formLimit = (scope: string, message: string, { skipWithoutIp = false }: FormLimitOptions = {}) =>
  documents(
    createMiddleware<AppBindings>(async (c, next) => {
      const ip = clientIp(c);
      if (ip || !skipWithoutIp) {
        const result = await limitPerClient(c.env.RATE_LIMIT_FORMS, scope, ip, { failClosed: false });
        if (!result.ok) throw tooManyRequests(result.retryAfterSeconds, message);
      }
      await next();
    }),
    { responses: { 429: errorAnswer(`${message} (Retry-After says when)`) } },
  );
