import type { Context } from "hono";
import { describeRoute } from "hono-openapi";
import {
  dataDeletedAnswer,
  reconfirmationAnswer,
  resendConfirmationAnswer,
  subscriptionAnswer,
  subscriptionChangeAnswer,
} from "#contract/subscribers/responses";
import {
  confirmBodySchema,
  emailLanguageBodySchema,
  manageTokenBodySchema,
  manageTokenSchema,
} from "#contract/subscribers/schemas";
import { maskEmail } from "#contract/subscribers/signup-rules";
import { answer, errorAnswer, fileAnswer, jsonAnswer } from "../../platform/api-docs";
import { tokenLimit } from "../../platform/client-limit";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { requestLocale, translate } from "../../platform/i18n";
import { clientIp } from "../../platform/request";
import type { EmailJob } from "../email/jobs";
import { deleteSubscriberData } from "./data-deletion";
import { localizedValidate as validate } from "./localized-validate";
import { confirmReconfirmation, isPending, peekReconfirmation } from "./reconfirm";
import { findByToken, resendJobForPending, setActiveByToken, setLocaleByToken, toSubscriptionView } from "./service";

/**
 * The routes' English answers, as locales/en/site/subscribe.json has them (`subscribe.api.*`): the answers go in
 * the request's language through `say` below, and the tests hold the English ones to these.
 */
export const SUBSCRIPTION_DATA_DELETED =
  "Your subscription data has been deleted. We kept only a scrambled fingerprint of your address so we never email it again.";
export const SUBSCRIPTION_NOT_FOUND = "We couldn't find a subscription for this link.";
export const SUBSCRIPTION_CONFIRMED = "Thanks for confirming! You're subscribed.";
export const CONFIRMATION_RESENT = "We sent a new confirmation email. The link in it works for 7 days.";
export const CONFIRMATION_NOT_RESENT =
  "We sent a confirmation email to this address a short while ago, so we didn't send another yet. Check your spam folder, or try again later: we send one at most every 10 minutes, and three a day.";
export const NOT_PENDING_MESSAGE = "This subscription is not waiting for a confirmation.";

/** The routes' messages in the request's language (the page's); the English ones are the constants above. */
const say = (c: Context) => {
  const locale = requestLocale(c);
  return {
    notFound: () => translate(locale, "subscribe.api.notFound"),
    invalidLink: () => translate(locale, "subscribe.invalidLink"),
    invalidConfirmation: () => translate(locale, "subscribe.confirm.invalid"),
    confirmed: () => translate(locale, "subscribe.api.confirmed"),
    welcomeBack: () => translate(locale, "subscribe.api.welcomeBack"),
    unsubscribed: () => translate(locale, "subscribe.api.unsubscribed"),
    resent: () => translate(locale, "subscribe.api.resent"),
    notResent: () => translate(locale, "subscribe.api.notResent"),
    notPending: () => translate(locale, "subscribe.api.notPending"),
    dataDeleted: () => translate(locale, "subscribe.api.dataDeleted"),
  };
};

/** The consent evidence a confirmation records (decision 182). */
const consentOf = (c: Context) => ({ ip: clientIp(c), userAgent: c.req.header("User-Agent") ?? null });

/** The manage token in the query (read by hand: a bad one is the link's own message, code invalid_token). */
const tokenParameter = {
  name: "token",
  in: "query" as const,
  required: true,
  description: "The manage token from the email's link",
  schema: { type: "string" as const, pattern: "^[A-Za-z0-9_-]{22,128}$" },
};
const invalidLink = errorAnswer("The link's token is missing or malformed");
const noSubscription = errorAnswer("No subscription has this token");

const tokenFromQuery = (c: Context, value: string | undefined): string => {
  const parsed = manageTokenSchema.safeParse(value ?? "");
  if (!parsed.success) throw badRequest(say(c).invalidLink(), "invalid_token");
  return parsed.data;
};

/**
 * Subscription management by manage token (/unsubscribe?token=). Reading never changes anything —
 * mail scanners follow links — and only the POSTs do. The token is the credential (256 bits), so no
 * session or CSRF token is involved.
 */
export const subscriptionRoutes = createRouter()
  // Confirm a new signup (double opt-in, decision 182) or "confirm you want the weekly email again" (a
  // returning address): GET shows, only the POST activates and records the consent.
  .get(
    "/confirm",
    describeRoute({
      summary: "Read a pending confirmation (changes nothing)",
      parameters: [{ ...tokenParameter, required: false }],
      responses: {
        200: jsonAnswer(reconfirmationAnswer, "The pending re-confirmation"),
        404: errorAnswer("The link is invalid, used or expired"),
      },
    }),
    async (c) => {
      const parsed = manageTokenSchema.safeParse(c.req.query("token") ?? "");
      const found = parsed.success ? await peekReconfirmation(c.var.db, parsed.data, new Date()) : null;
      if (!found) throw notFound(say(c).invalidConfirmation());
      c.header("Cache-Control", "no-store");
      return c.json(
        answer(reconfirmationAnswer, {
          confirmation: {
            first_name: found.firstName,
            masked_email: maskEmail(found.email),
            returning: found.returning,
            zip_code: found.zipCode,
          },
        }),
      );
    },
  )
  .post(
    "/confirm",
    describeRoute({
      summary: "Confirm a signup or a returning address: subscribed",
      responses: {
        200: jsonAnswer(subscriptionChangeAnswer, "Subscribed (again)"),
        404: errorAnswer("The link is invalid, used or expired"),
      },
    }),
    tokenLimit("subscription-confirm"),
    validate("json", confirmBodySchema),
    async (c) => {
      const now = new Date();
      const { token, locale } = c.req.valid("json");
      // The page the email linked to is in the signup's language: confirming there makes it the emails' (decision 274).
      const confirmed = await confirmReconfirmation(c.var.db, token, now, consentOf(c), locale);
      if (!confirmed) throw notFound(say(c).invalidConfirmation());
      const row = confirmed.subscriber;
      // The welcome ("here's what to expect") follows the confirmation, for a new signup as for a returning
      // address (decision 225): the email that asked to confirm was only that.
      const job: EmailJob = { type: "welcome", subscriberId: row.id, requestedAt: now.toISOString() };
      await c.env.EMAIL_QUEUE.send(job).catch((err: unknown) => console.error("confirm: welcome not enqueued", err));
      return c.json(
        answer(subscriptionChangeAnswer, {
          subscription: toSubscriptionView(row),
          active: true,
          message: confirmed.returning ? say(c).welcomeBack() : say(c).confirmed(),
        }),
      );
    },
  )
  .get(
    "/",
    describeRoute({
      summary: "Read the subscription a manage link belongs to",
      parameters: [tokenParameter],
      responses: { 200: jsonAnswer(subscriptionAnswer, "The subscription"), 400: invalidLink, 404: noSubscription },
    }),
    async (c) => {
      const row = await findByToken(c.var.db, tokenFromQuery(c, c.req.query("token")));
      if (!row) throw notFound(say(c).notFound());
      c.header("Cache-Control", "no-store");
      return c.json(answer(subscriptionAnswer, { subscription: toSubscriptionView(row) }));
    },
  )
  .post(
    "/unsubscribe",
    describeRoute({
      summary: "Unsubscribe",
      responses: { 200: jsonAnswer(subscriptionChangeAnswer, "Unsubscribed"), 404: noSubscription },
    }),
    tokenLimit("subscription-unsubscribe"),
    validate("json", manageTokenBodySchema),
    async (c) => {
      const row = await setActiveByToken(c.var.db, c.req.valid("json").token, false, new Date());
      if (!row) throw notFound(say(c).notFound());
      return c.json(
        answer(subscriptionChangeAnswer, {
          subscription: toSubscriptionView(row),
          active: false,
          message: say(c).unsubscribed(),
        }),
      );
    },
  )
  .post(
    "/resubscribe",
    describeRoute({
      summary: "Subscribe again",
      responses: { 200: jsonAnswer(subscriptionChangeAnswer, "Subscribed again"), 404: noSubscription },
    }),
    tokenLimit("subscription-resubscribe"),
    validate("json", manageTokenBodySchema),
    async (c) => {
      const row = await setActiveByToken(c.var.db, c.req.valid("json").token, true, new Date(), consentOf(c));
      if (!row) throw notFound(say(c).notFound());
      return c.json(
        answer(subscriptionChangeAnswer, {
          subscription: toSubscriptionView(row),
          active: true,
          message: say(c).welcomeBack(),
        }),
      );
    },
  )
  // A pending signup's manage page: "Resend the confirmation email", under the signup's own limits
  // (decision 226). Only for a pending row; the manage token is the credential, as for the other POSTs.
  .post(
    "/resend-confirmation",
    describeRoute({
      summary: "Send a pending signup a new confirmation link",
      responses: {
        200: jsonAnswer(resendConfirmationAnswer, "Sent, or not yet (one went out less than 10 minutes ago)"),
        404: noSubscription,
        409: errorAnswer("The subscription is not pending (already confirmed, or unsubscribed)"),
      },
    }),
    validate("json", manageTokenBodySchema),
    async (c) => {
      const row = await findByToken(c.var.db, c.req.valid("json").token);
      if (!row) throw notFound(say(c).notFound());
      if (!isPending(row)) throw conflict(say(c).notPending(), "not_pending");
      const job = await resendJobForPending(c.var.db, row, new Date(), c.var.config.SITE_TIMEZONE);
      if (job)
        await c.env.EMAIL_QUEUE.send(job).catch((err: unknown) => console.error("resend: email not enqueued", err));
      return c.json(
        answer(resendConfirmationAnswer, {
          sent: job !== null,
          message: job ? say(c).resent() : say(c).notResent(),
        }),
      );
    },
  )
  // "Delete my subscription data": unsubscribes, then removes the row, keeping only the address's hash
  // so it is never added back and mailed by mistake (decision 111). Repeating it finds no row: 404.
  .post(
    "/delete",
    describeRoute({
      summary: "Delete the subscription's data",
      responses: { 200: jsonAnswer(dataDeletedAnswer, "Deleted"), 404: noSubscription },
    }),
    tokenLimit("subscription-delete"),
    validate("json", manageTokenBodySchema),
    async (c) => {
      const row = await setActiveByToken(c.var.db, c.req.valid("json").token, false, new Date());
      if (!row) throw notFound(say(c).notFound());
      await deleteSubscriberData(c.var.db, row);
      return c.json(answer(dataDeletedAnswer, { deleted: true, message: say(c).dataDeleted() }));
    },
  )
  // The manage page's "Email language" (issue 46): every later email, the weekly one included, comes in it.
  .post(
    "/language",
    describeRoute({
      summary: "Change the language of the subscriber's emails",
      responses: { 200: jsonAnswer(subscriptionChangeAnswer, "Changed"), 404: noSubscription },
    }),
    tokenLimit("subscription-language"),
    validate("json", emailLanguageBodySchema),
    async (c) => {
      const { token, locale } = c.req.valid("json");
      const row = await setLocaleByToken(c.var.db, token, locale, new Date());
      if (!row) throw notFound(say(c).notFound());
      return c.json(
        answer(subscriptionChangeAnswer, {
          subscription: toSubscriptionView(row),
          active: row.active,
          // Said in the page's language, naming the new one.
          message:
            locale === "es"
              ? translate(requestLocale(c), "subscribe.api.languageChangedEs")
              : translate(requestLocale(c), "subscribe.api.languageChanged"),
        }),
      );
    },
  )
  // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" here. No page, no CSRF check,
  // the body is not needed; repeating it is harmless. 200 even when already unsubscribed.
  .post(
    "/one-click",
    describeRoute({
      summary: "One-click unsubscribe (RFC 8058), as mail clients send it",
      parameters: [tokenParameter],
      responses: {
        200: fileAnswer("text/plain", "Unsubscribed"),
        400: invalidLink,
        404: noSubscription,
      },
    }),
    tokenLimit("subscription-one-click"),
    async (c) => {
      const row = await setActiveByToken(c.var.db, tokenFromQuery(c, c.req.query("token")), false, new Date());
      if (!row) throw notFound(say(c).notFound());
      return c.text("Unsubscribed", 200);
    },
  );
