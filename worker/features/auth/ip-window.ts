import type { Context } from "hono";
import { tooManyRequests } from "../../platform/errors";
import type { AppBindings } from "../../platform/hono";
import { requestLocale, translatorFor } from "../../platform/i18n";
import { limitPerClient } from "../../platform/rate-limit";
import { clientIp } from "../../platform/request";
import { waitText } from "./throttle-messages";

/**
 * Per-client limits on the auth endpoints (anti-abuse across many addresses; the exact per-address
 * limits live in D1). Each endpoint has its own key in the RATE_LIMIT_AUTH binding (20 a minute,
 * wrangler.toml): generous for a household or office behind one address. Fails closed.
 */
export type AuthEndpoint = "magic-link" | "verify" | "password";

export async function enforceIpWindow(c: Context<AppBindings>, endpoint: AuthEndpoint) {
  const result = await limitPerClient(c.env.RATE_LIMIT_AUTH, `auth:${endpoint}`, clientIp(c), { failClosed: true });
  if (!result.ok) {
    const t = translatorFor(requestLocale(c));
    throw tooManyRequests(
      result.retryAfterSeconds,
      t("account.error.tooManyAttempts", { wait: waitText(t, result.retryAfterSeconds) }),
    );
  }
}
