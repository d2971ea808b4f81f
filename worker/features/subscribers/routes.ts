import { describeRoute } from "hono-openapi";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { signupAnswer } from "#contract/subscribers/responses";
import { signupRequestSchema } from "#contract/subscribers/schemas";
import { localSignupMessage } from "#contract/subscribers/signup-messages";
import { ALREADY_SUBSCRIBED_MESSAGE, SIGNUP_MESSAGES } from "#contract/subscribers/signup-rules";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { formLimit } from "../../platform/client-limit";
import { conflict } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { requestLocale, translatorFor } from "../../platform/i18n";
import { botCheck } from "../../platform/turnstile";
import { isDeletedAddress } from "./data-deletion";
import { localizedValidate } from "./localized-validate";
import { signupEmailJob, subscribe } from "./service";

/** Per-client signups: enough for a household or office, too few for scripted list-bombing. */
const signupLimit = formLimit("signup", SIGNUP_MESSAGES.rateLimited.description, { skipWithoutIp: true });
/** Losing a signup is worse than a short gap: when Cloudflare cannot be asked, it goes through (decision 184). */
const checkBot = botCheck(BOT_CHECK_ACTIONS.signup, { whenUnavailable: "allow" });

export const subscribersRoutes = createRouter().post(
  "/",
  describeRoute({
    summary: "Subscribe to the weekly action",
    responses: {
      201: jsonAnswer(signupAnswer, "Signed up: asked to confirm by email (a new address stays pending until it does)"),
      409: errorAnswer("The address is already subscribed, or its data was deleted on request"),
    },
  }),
  signupLimit,
  localizedValidate("json", signupRequestSchema),
  checkBot,
  async (c) => {
    const body = c.req.valid("json");
    // The emails' language: the one chosen on the form, else the request's (the page's, from the browser).
    const input = { ...body, locale: body.locale ?? requestLocale(c) };
    const message = (english: string) => localSignupMessage(translatorFor(requestLocale(c)), english);
    // An address whose data was deleted on request is never added back by a form fill (decision 111).
    if (await isDeletedAddress(c.var.db, input.email))
      throw conflict(message(SIGNUP_MESSAGES.deleted.description), "address_deleted");

    const now = new Date();
    const result = await subscribe(c.var.db, input, now, c.var.config.SITE_TIMEZONE, c.var.config.JWT_SECRET ?? "");
    if (result.outcome === "already_active") throw conflict(message(ALREADY_SUBSCRIBED_MESSAGE), "already_subscribed");

    // A new address is stored pending and gets "Confirm your Earthkind subscription" (the welcome follows
    // the confirmation, decision 225); one that unsubscribed gets "confirm you want it again". Either stays
    // inactive until its owner confirms (decision 182). Both go through the queue (retries, provider rate limits); the signup has
    // succeeded either way, so a queue hiccup is logged rather than failing the request.
    const job = await signupEmailJob(c.var.db, result, input, now);
    if (job)
      await c.env.EMAIL_QUEUE.send(job).catch((err: unknown) => console.error("signup: email not enqueued", err));

    // The same answer whether the address is new or coming back: it must not tell anyone that an
    // address was subscribed before (only the spec's 409 for an active one does). It says whether a link
    // went, so the form's "Resend" tells the truth (decision 226).
    return c.json(
      answer(signupAnswer, {
        subscriber: { first_name: input.first_name, email: input.email },
        confirmation_sent: job !== null,
      }),
      201,
    );
  },
);
