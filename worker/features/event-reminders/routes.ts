import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { describeRoute } from "hono-openapi";
import { reminderAnswer, reminderRequestAnswer } from "#contract/event-reminders/responses";
import {
  memberReminderRequestSchema,
  REMINDER_MESSAGES,
  reminderRequestSchema,
  reminderTokenBodySchema,
  reminderTokenSchema,
} from "#contract/event-reminders/schemas";
import type { Locale } from "#contract/i18n/locales";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { screenMaskedEmail } from "#contract/subscribers/signup-rules";
import { users } from "../../../db/schema";
import { answer, errorAnswer, fileAnswer, jsonAnswer } from "../../platform/api-docs";
import { requireUser } from "../../platform/auth-guard";
import { formLimit, tokenLimit } from "../../platform/client-limit";
import { badRequest, notFound } from "../../platform/errors";
import { type AppBindings, createRouter } from "../../platform/hono";
import { requestLocale } from "../../platform/i18n";
import { botCheck } from "../../platform/turnstile";
import { validate } from "../../platform/validate";
import type { EmailJob } from "../email/jobs";
import { memberReminderRequestSchemaIn, reminderRequestSchemaIn, reminderText } from "./messages";
import {
  cancelReminder,
  confirmReminder,
  type ReminderContext,
  type RequestOutcome,
  reminderByToken,
  reminderView,
  requestReminder,
  statusMessage,
} from "./service";

/** Per-client requests (the forms' 5 a minute, decision 184); each may send an email. */
const requestLimit = formLimit("event-reminder", REMINDER_MESSAGES.rateLimited, { skipWithoutIp: true });
/** A lost reminder request is a small loss; the per-client and per-address limits still hold (decision 184). */
const checkBot = botCheck(BOT_CHECK_ACTIONS.eventReminder, { whenUnavailable: "allow" });

const context = (c: Context<AppBindings>): ReminderContext => ({
  siteZone: c.var.config.SITE_TIMEZONE,
  jwtSecret: c.var.config.JWT_SECRET ?? "",
  now: new Date(),
  locale: requestLocale(c),
});

const tokenParameter = {
  name: "token",
  in: "query" as const,
  required: true,
  description: "The token from the reminder email's link",
  schema: { type: "string" as const, pattern: "^[A-Za-z0-9_-]{22,128}$" },
};
const badLink = errorAnswer("The link's token is missing or malformed");
const noReminder = errorAnswer("No reminder has this token");
const eventRefused = errorAnswer("The event is cancelled (`event_cancelled`) or has begun (`event_started`)");

const tokenFromQuery = (value: string | undefined, locale: Locale): string => {
  const parsed = reminderTokenSchema.safeParse(value ?? "");
  if (!parsed.success) throw badRequest(reminderText.invalidLink(locale), "invalid_token");
  return parsed.data;
};

/** Puts the confirmation on the email queue; the request has succeeded either way (the cron's sweep retries). */
async function enqueue(c: Context<AppBindings>, outcome: RequestOutcome) {
  if (!outcome.mailId) return;
  const job: EmailJob = { type: "event-reminder", mailId: outcome.mailId };
  await c.env.EMAIL_QUEUE.send(job).catch((err: unknown) => console.error("event reminder: not enqueued", err));
}

const requestAnswerOf = (outcome: RequestOutcome, locale: Locale) => {
  const masked = screenMaskedEmail(outcome.email);
  const sent = outcome.mailId !== null;
  return answer(reminderRequestAnswer, {
    status: outcome.status,
    masked_email: masked,
    confirmation_sent: sent,
    message:
      outcome.status === "active"
        ? reminderText.set(locale)
        : sent
          ? reminderText.checkInbox(locale, masked)
          : reminderText.notSent(locale, masked),
  });
};

/**
 * "Remind me" (decision 253). A visitor gives an address and confirms it from the email; a signed-in member's tap
 * sets the reminder at once when the account's address is verified. The link's token (confirm and cancel) is the
 * credential for the rest: reading never changes anything (mail scanners follow links), only the POSTs do.
 */
export const eventReminderRoutes = createRouter()
  .post(
    "/",
    describeRoute({
      summary: "Ask for an event reminder: a confirmation email goes to the address",
      responses: {
        202: jsonAnswer(reminderRequestAnswer, "Waiting for the address's owner to confirm from the email"),
        404: errorAnswer("No listed event has this id"),
        409: eventRefused,
      },
    }),
    requestLimit,
    validate("json", reminderRequestSchema, reminderRequestSchemaIn),
    checkBot,
    async (c) => {
      const input = c.req.valid("json");
      const outcome = await requestReminder(
        c.var.db,
        { eventId: input.event_id, email: input.email, userId: null, verified: false },
        context(c),
      );
      await enqueue(c, outcome);
      return c.json(requestAnswerOf(outcome, requestLocale(c)), 202);
    },
  )
  .post(
    "/mine",
    describeRoute({
      summary: "A signed-in member's one tap: the reminder goes to the account's address",
      responses: {
        201: jsonAnswer(
          reminderRequestAnswer,
          "Set (or, for an address not yet verified, waiting for its confirmation)",
        ),
        404: errorAnswer("No listed event has this id"),
        409: eventRefused,
      },
    }),
    requireUser,
    tokenLimit("event-reminder-mine"),
    validate("json", memberReminderRequestSchema, memberReminderRequestSchemaIn),
    async (c) => {
      const user = c.var.user;
      const [account] = await c.var.db
        .select({ verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, user.id))
        .limit(1);
      // A password account that never opened a sign-in link has not proved its address: it confirms like anyone.
      const outcome = await requestReminder(
        c.var.db,
        {
          eventId: c.req.valid("json").event_id,
          email: user.email.toLowerCase(),
          userId: user.id,
          verified: Boolean(account?.verifiedAt),
        },
        context(c),
      );
      await enqueue(c, outcome);
      return c.json(requestAnswerOf(outcome, requestLocale(c)), 201);
    },
  )
  .get(
    "/",
    describeRoute({
      summary: "Read the reminder a link belongs to (changes nothing)",
      parameters: [tokenParameter],
      responses: { 200: jsonAnswer(reminderAnswer, "The reminder and its event"), 400: badLink, 404: noReminder },
    }),
    async (c) => {
      const row = await reminderByToken(c.var.db, tokenFromQuery(c.req.query("token"), requestLocale(c)));
      if (!row) throw notFound(reminderText.invalidLink(requestLocale(c)));
      c.header("Cache-Control", "no-store");
      const reminder = await reminderView(c.var.db, row);
      return c.json(answer(reminderAnswer, { reminder, message: statusMessage(reminder, requestLocale(c)) }));
    },
  )
  .post(
    "/confirm",
    describeRoute({
      summary: "Set the reminder (the confirmation email's button, or again after cancelling)",
      responses: { 200: jsonAnswer(reminderAnswer, "Set"), 404: noReminder, 409: eventRefused },
    }),
    tokenLimit("event-reminder-confirm"),
    validate("json", reminderTokenBodySchema),
    async (c) => {
      const found = await reminderByToken(c.var.db, c.req.valid("json").token);
      if (!found) throw notFound(reminderText.invalidLink(requestLocale(c)));
      const row = await confirmReminder(c.var.db, found, context(c));
      const reminder = await reminderView(c.var.db, row);
      return c.json(answer(reminderAnswer, { reminder, message: statusMessage(reminder, requestLocale(c)) }));
    },
  )
  .post(
    "/cancel",
    describeRoute({
      summary: 'Cancel the reminder ("can\'t go?"); repeating it is harmless',
      responses: { 200: jsonAnswer(reminderAnswer, "Cancelled"), 404: noReminder },
    }),
    tokenLimit("event-reminder-cancel"),
    validate("json", reminderTokenBodySchema),
    async (c) => {
      const found = await reminderByToken(c.var.db, c.req.valid("json").token);
      if (!found) throw notFound(reminderText.invalidLink(requestLocale(c)));
      const row = await cancelReminder(c.var.db, found, new Date());
      const reminder = await reminderView(c.var.db, row);
      return c.json(answer(reminderAnswer, { reminder, message: statusMessage(reminder, requestLocale(c)) }));
    },
  )
  // RFC 8058 one-click, as mail clients send it: cancels, no page; repeating it is harmless.
  .post(
    "/one-click",
    describeRoute({
      summary: "One-click cancel (RFC 8058), as mail clients send it",
      parameters: [tokenParameter],
      responses: { 200: fileAnswer("text/plain", "Cancelled"), 400: badLink, 404: noReminder },
    }),
    tokenLimit("event-reminder-one-click"),
    async (c) => {
      const row = await reminderByToken(c.var.db, tokenFromQuery(c.req.query("token"), requestLocale(c)));
      if (!row) throw notFound(reminderText.invalidLink(requestLocale(c)));
      await cancelReminder(c.var.db, row, new Date());
      return c.text("Reminder cancelled", 200);
    },
  );
