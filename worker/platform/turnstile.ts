import { createMiddleware } from "hono/factory";
import {
  BOT_CHECK_FAILED_MESSAGE,
  BOT_CHECK_HEADER,
  BOT_CHECK_UNAVAILABLE_MESSAGE,
  type BotCheckAction,
} from "#contract/platform/bot-check-rules";
import { documents, errorAnswer } from "./api-docs";
import { botCheckKeys } from "./config";
import { AppError } from "./errors";
import type { AppBindings } from "./hono";
import { clientIp } from "./request";

export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** Turnstile's tokens are at most 2048 characters; anything longer is refused unsent. */
const MAX_TOKEN_LENGTH = 2048;
const SITEVERIFY_TIMEOUT_MS = 3000;

/**
 * Cloudflare's documented test secrets answer for any page (hostname "localhost" or "example.com", action
 * "test"), so for them only `success` is checked.
 */
const TEST_SECRETS = new Set([
  "1x0000000000000000000000000000000AA",
  "2x0000000000000000000000000000000AA",
  "3x0000000000000000000000000000000AA",
]);

type SiteverifyAnswer = { success?: unknown; "error-codes"?: unknown; hostname?: unknown; action?: unknown };

export type BotCheckVerdict =
  | { outcome: "passed" }
  | { outcome: "refused"; reasons: string[] }
  | { outcome: "unavailable"; reason: string };

/**
 * Asks Cloudflare's siteverify endpoint about one token: `success`, then the hostname (SITE_URL's) and the
 * form's action. A network failure, a timeout, an answer that is not JSON or Cloudflare's `internal-error`
 * is "unavailable" (the caller decides what that means for its form); everything else that is not a pass
 * is "refused".
 */
export async function verifyBotCheck(
  token: string,
  { secret, ip, action, hostname }: { secret: string; ip: string | null; action: BotCheckAction; hostname: string },
): Promise<BotCheckVerdict> {
  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(SITEVERIFY_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ secret, response: token, ...(ip ? { remoteip: ip } : {}) }),
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!response.ok && response.status >= 500) return { outcome: "unavailable", reason: `HTTP ${response.status}` };
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (err) {
    return { outcome: "unavailable", reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
  const codes = Array.isArray(answer?.["error-codes"]) ? answer["error-codes"].map(String) : [];
  if (answer?.success !== true) {
    if (codes.includes("internal-error")) return { outcome: "unavailable", reason: "internal-error" };
    return { outcome: "refused", reasons: codes.length ? codes : ["not-successful"] };
  }
  if (TEST_SECRETS.has(secret)) return { outcome: "passed" };
  const reasons: string[] = [];
  if (answer.hostname !== hostname) reasons.push(`hostname ${String(answer.hostname)}`);
  if (answer.action !== action) reasons.push(`action ${String(answer.action)}`);
  return reasons.length ? { outcome: "refused", reasons } : { outcome: "passed" };
}

type BotCheckOptions = {
  /**
   * What the form does when Cloudflare cannot be asked (siteverify down, slow or erroring): "allow" lets
   * the request through (the form's per-client limit still holds), "refuse" answers 503. Decision 184
   * records the choice per form.
   */
  whenUnavailable: "allow" | "refuse";
};

const botCheckFailed = () => new AppError(403, "bot_check_failed", BOT_CHECK_FAILED_MESSAGE);

/**
 * The bot check of a public form (Cloudflare Turnstile, decision 184): the widget's token comes in the
 * `CF-Turnstile-Response` header and is verified with siteverify before the handler runs. Without both
 * TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY (local development, the tests) the check is off and every
 * request passes; the admin banner and the security scan say so. Placed after the body's validation, so
 * a request the form would refuse anyway costs no call to Cloudflare and spends no token.
 */
export const botCheck = (action: BotCheckAction, { whenUnavailable }: BotCheckOptions) =>
  documents(
    createMiddleware<AppBindings>(async (c, next) => {
      const { config } = c.var;
      const keys = botCheckKeys(config);
      if (!keys) return next();
      const token = c.req.header(BOT_CHECK_HEADER)?.trim();
      if (!token || token.length > MAX_TOKEN_LENGTH) throw botCheckFailed();
      const verdict = await verifyBotCheck(token, {
        secret: keys.secret,
        ip: clientIp(c),
        action,
        hostname: new URL(config.SITE_URL).hostname,
      });
      if (verdict.outcome !== "passed") {
        // The reasons are Cloudflare's error codes or our mismatch, never the token or the secret.
        const allowed = verdict.outcome === "unavailable" && whenUnavailable === "allow";
        console.log(JSON.stringify({ event: "bot_check", action, ...verdict, allowed }));
      }
      if (verdict.outcome === "refused") throw botCheckFailed();
      if (verdict.outcome === "unavailable" && whenUnavailable === "refuse") {
        throw new AppError(503, "bot_check_unavailable", BOT_CHECK_UNAVAILABLE_MESSAGE);
      }
      await next();
    }),
    {
      parameters: [
        {
          in: "header",
          name: BOT_CHECK_HEADER,
          required: false,
          description:
            "The Cloudflare Turnstile widget's token. Required when the deployment has bot protection on (TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY set); each token is good for one request.",
          schema: { type: "string", maxLength: MAX_TOKEN_LENGTH },
        },
      ],
      responses: {
        403: errorAnswer(`The bot check failed: no token, or one Cloudflare refused (\`bot_check_failed\`)`),
        ...(whenUnavailable === "refuse"
          ? { 503: errorAnswer("Cloudflare could not be asked about the token just now (`bot_check_unavailable`)") }
          : {}),
      },
    },
  );
