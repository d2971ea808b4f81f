import { describeRoute } from "hono-openapi";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { BOT_CHECK_ACTIONS } from "../../platform/bot-check-rules";
import { formLimit } from "../../platform/client-limit";
import { conflict } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { botCheck } from "../../platform/turnstile";
import { validate } from "../../platform/validate";
import type { EmailJob } from "../email/jobs";
import { isDeletedAddress } from "./data-deletion";
import { createReconfirmation } from "./reconfirm";
import { signupAnswer } from "./responses";
import { signupRequestSchema } from "./schemas";
import { subscribe } from "./service";
import { ALREADY_SUBSCRIBED_MESSAGE, SIGNUP_MESSAGES } from "./signup-rules";

/** Per-client signups: enough for a household or office, too few for scripted list-bombing. */
const signupLimit = formLimit("signup", SIGNUP_MESSAGES.rateLimited.description, { skipWithoutIp: true });
/** Losing a signup is worse than a short gap: when Cloudflare cannot be asked, it goes through (decision 184). */
const checkBot = botCheck(BOT_CHECK_ACTIONS.signup, { whenUnavailable: "allow" });

export const subscribersRoutes = createRouter().post(
  "/",
  describeRoute({
    summary: "Subscribe to the weekly action",
    responses: {
      201: jsonAnswer(signupAnswer, "Subscribed, or (an address that had unsubscribed) asked to confirm by email"),
      409: errorAnswer("The address is already subscribed, or its data was deleted on request"),
    },
  }),
  signupLimit,
  validate("json", signupRequestSchema),
  checkBot,
  async (c) => {
    const input = c.req.valid("json");
    // An address whose data was deleted on request is never added back by a form fill (decision 111).
    if (await isDeletedAddress(c.var.db, input.email))
      throw conflict(SIGNUP_MESSAGES.deleted.description, "address_deleted");

    const now = new Date();
    const result = await subscribe(c.var.db, input, now, c.var.config.SITE_TIMEZONE);
    if (result.outcome === "already_active") throw conflict(ALREADY_SUBSCRIBED_MESSAGE, "already_subscribed");

    // A new address gets the welcome; one that unsubscribed gets "confirm you want it again" and stays
    // inactive until its owner confirms. Both go through the queue (retries, provider rate limits); the
    // signup has succeeded either way, so a queue hiccup is logged rather than failing the request.
    let job: EmailJob | null = null;
    if (result.outcome === "created") {
      job = { type: "welcome", subscriberId: result.subscriber.id, requestedAt: now.toISOString() };
    } else {
      const token = await createReconfirmation(
        c.var.db,
        result.subscriber,
        { firstName: input.first_name, zipCode: input.zip_code ?? null, timeZone: result.timeZone },
        now,
      );
      if (token) job = { type: "reconfirm", subscriberId: result.subscriber.id, token, requestedAt: now.toISOString() };
    }
    if (job)
      await c.env.EMAIL_QUEUE.send(job).catch((err: unknown) => console.error("signup: email not enqueued", err));

    // The same answer whether the address is new or coming back: it must not tell anyone that an
    // address was subscribed before (only the spec's 409 for an active one does).
    return c.json(answer(signupAnswer, { subscriber: { first_name: input.first_name, email: input.email } }), 201);
  },
);
