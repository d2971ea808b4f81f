import { conflict, tooManyRequests } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { checkRateLimit } from "../../platform/rate-limit";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import type { EmailJob } from "../email/jobs";
import { signupRequestSchema } from "./schemas";
import { subscribe } from "./service";
import { ALREADY_SUBSCRIBED_MESSAGE, SIGNUP_MESSAGES } from "./signup-rules";

/** Per-IP signups: generous for a household or office, tight enough to stop scripted list-bombing. */
const SIGNUP_IP_LIMIT = { limit: 20, windowSeconds: 600 };

export const subscribersRoutes = createRouter().post("/", validate("json", signupRequestSchema), async (c) => {
  const ip = clientIp(c);
  if (ip) {
    const limited = await checkRateLimit(
      c.env.KV,
      `signup:${ip}`,
      SIGNUP_IP_LIMIT.limit,
      SIGNUP_IP_LIMIT.windowSeconds,
    );
    if (!limited.ok) throw tooManyRequests(limited.retryAfterSeconds, SIGNUP_MESSAGES.rateLimited.description);
  }

  const now = new Date();
  const result = await subscribe(c.var.db, c.req.valid("json"), now);
  if (result.outcome === "already_active") throw conflict(ALREADY_SUBSCRIBED_MESSAGE, "already_subscribed");

  // The welcome email goes through the queue (retries, provider rate limits); the signup itself
  // has succeeded either way, so a queue hiccup is logged rather than failing the request.
  const job: EmailJob = { type: "welcome", subscriberId: result.subscriber.id, requestedAt: now.toISOString() };
  await c.env.EMAIL_QUEUE.send(job).catch((err: unknown) => console.error("signup: welcome not enqueued", err));

  return c.json(
    {
      subscriber: { first_name: result.subscriber.firstName, email: result.subscriber.email },
      reactivated: result.outcome === "reactivated",
    },
    201,
  );
});
