import { formLimit } from "../../platform/client-limit";
import { conflict } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import type { EmailJob } from "../email/jobs";
import { isDeletedAddress } from "./data-deletion";
import { signupRequestSchema } from "./schemas";
import { subscribe } from "./service";
import { ALREADY_SUBSCRIBED_MESSAGE, SIGNUP_MESSAGES } from "./signup-rules";

/** Per-client signups: enough for a household or office, too few for scripted list-bombing. */
const signupLimit = formLimit("signup", SIGNUP_MESSAGES.rateLimited.description, { skipWithoutIp: true });

export const subscribersRoutes = createRouter().post(
  "/",
  signupLimit,
  validate("json", signupRequestSchema),
  async (c) => {
    const input = c.req.valid("json");
    // An address whose data was deleted on request is never added back by a form fill (decision 111).
    if (await isDeletedAddress(c.var.db, input.email))
      throw conflict(SIGNUP_MESSAGES.deleted.description, "address_deleted");

    const now = new Date();
    const result = await subscribe(c.var.db, input, now);
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
  },
);
