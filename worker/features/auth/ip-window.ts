import type { Context } from "hono";
import { tooManyRequests } from "../../platform/errors";
import type { AppBindings } from "../../platform/hono";
import { checkRateLimit } from "../../platform/rate-limit";
import { clientIp } from "../../platform/request";
import { formatWait } from "./throttle-messages";

/**
 * Coarse per-IP windows in KV for the auth endpoints (anti-abuse across many addresses; the exact
 * per-address limits live in D1). Generous enough for a household or office behind one address.
 */
export const IP_WINDOWS = {
  magicLink: { limit: 30, windowSeconds: 600 },
  verify: { limit: 60, windowSeconds: 600 },
  password: { limit: 30, windowSeconds: 600 },
  setPassword: { limit: 10, windowSeconds: 600 },
} as const;

export const ipWindowKey = (name: keyof typeof IP_WINDOWS, subject: string) => `auth:${name}:${subject}`;

export async function enforceIpWindow(c: Context<AppBindings>, name: keyof typeof IP_WINDOWS, subject?: string) {
  const { limit, windowSeconds } = IP_WINDOWS[name];
  const key = ipWindowKey(name, subject ?? clientIp(c) ?? "unknown");
  const result = await checkRateLimit(c.env.KV, key, limit, windowSeconds);
  if (!result.ok) {
    throw tooManyRequests(
      result.retryAfterSeconds,
      `Too many attempts. Please wait and try again ${formatWait(result.retryAfterSeconds)}.`,
    );
  }
}
