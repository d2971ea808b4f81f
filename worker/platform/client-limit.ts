import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { TOKEN_LIMIT_MESSAGE } from "#contract/platform/token-limit";
import { documents, errorAnswer } from "./api-docs";
import { tooManyRequests } from "./errors";
import type { AppBindings } from "./hono";
import { limitPerClient, type RateLimitResult } from "./rate-limit";
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

/**
 * The per-client window of a POST that a token alone authorises (RATE_LIMIT_TOKENS in wrangler.toml: 120 a
 * minute per IPv4 address or IPv6 /64 and endpoint, decision 216). The tokens cannot be guessed (256 random
 * bits, or a signature), so the limit bounds the work one client can cause, and it fails open: a limiter outage
 * must never stop anyone from unsubscribing, deleting their data, signing out or keeping their session.
 * Requests without CF-Connecting-IP (local runs only; Cloudflare always sets it) are not limited, as the forms.
 */
export async function tokenWindow(c: Context<AppBindings>, scope: string): Promise<RateLimitResult> {
  const ip = clientIp(c);
  if (!ip) return { ok: true };
  return limitPerClient(c.env.RATE_LIMIT_TOKENS, `tokens:${scope}`, ip, { failClosed: false });
}

/** `tokenWindow` as middleware placed before the body is parsed: 429 with Retry-After once over. */
export const tokenLimit = (scope: string) =>
  documents(
    createMiddleware<AppBindings>(async (c, next) => {
      const result = await tokenWindow(c, scope);
      if (!result.ok) throw tooManyRequests(result.retryAfterSeconds, TOKEN_LIMIT_MESSAGE);
      await next();
    }),
    { responses: { 429: errorAnswer("Too many requests from this client (Retry-After says when)") } },
  );
