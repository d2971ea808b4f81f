import type { Context } from "hono";
import { describeRoute } from "hono-openapi";
import {
  campaignsAnswer,
  emailConfigAnswer,
  emailSettingsAnswer,
  providerCheckAnswer,
  sendPlanAnswer,
  suppressionListAnswer,
  suppressionRemovedAnswer,
  testSendAnswer,
  weeklySendAnswer,
  weeklySendStateAnswer,
  welcomeTestAnswer,
} from "#contract/email/responses";
import {
  CAMPAIGN_KINDS,
  emailSettingsSchema,
  sendPlanQuerySchema,
  suppressionSearchSchema,
  testSendSchema,
  weeklySendSchema,
  welcomeTestSchema,
} from "#contract/email/schemas";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { requireRecentProof } from "../../platform/auth-guard";
import { AppError, badRequest, notFound } from "../../platform/errors";
import type { AppBindings } from "../../platform/hono";
import { createRouter } from "../../platform/hono";
import { enforceAccountLimit } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { listCampaigns, startWeeklyCampaign } from "./campaigns";
import { missingEmailVars } from "./config-check";
import { emailDepsFromEnv } from "./consumer";
import { eventsNearFromSearch } from "./events-near";
import { sendPlan, weeklySendState } from "./send-state";
import { readEmailSettings, saveEmailSettings } from "./settings";
import { listSuppressions, removeSuppression } from "./suppressions";
import { sendTestEmail } from "./test-send";
import { sendWelcomeTest } from "./welcome";

/** Admins can send to any address: a per-admin limit keeps a stuck button or script from spamming. */
const ADMIN_SEND_LIMIT = { limit: 20, windowSeconds: 600 };

/** Exact, per admin, reserved in D1 before the email is sent. */
async function limitAdminSends(c: Context<AppBindings>) {
  await enforceAccountLimit(c.var.db, c.env.KV, {
    scope: "admin-send",
    subject: c.var.user.id,
    ...ADMIN_SEND_LIMIT,
    message: () => "Too many test emails. Please wait a few minutes.",
  });
}

const deps = (c: Context<AppBindings>) =>
  emailDepsFromEnv(c.env, {
    db: c.var.db,
    config: c.var.config,
    // Test sends show the events section as subscribers will see it.
    eventsNear: eventsNearFromSearch(c.var.db, { now: () => new Date(), siteTimeZone: c.var.config.SITE_TIMEZONE }),
  });

export const SUPPRESSED_TEST_MESSAGE =
  "This address is on the suppression list (bounce or complaint). Remove it from the list in Email Settings to send to it.";

/** The provider's reason is shown to the admin (it is what they need to fix the configuration). */
const sendFailed = (result: { error: string; suppressed?: boolean }) =>
  result.suppressed
    ? new AppError(409, "suppressed", SUPPRESSED_TEST_MESSAGE)
    : new AppError(502, "send_failed", `Unable to send test email: ${result.error}`);

const sendErrors = {
  409: errorAnswer("The address is on the suppression list (bounce or complaint)"),
  429: errorAnswer("Too many test emails from this admin (20 in 10 minutes; Retry-After says when)"),
  502: errorAnswer("The mail provider refused or failed the send (its reason is in the message)"),
};
const NOT_SUPPRESSED = "That address is not on the suppression list.";

/** The campaign kind filter, read by hand (an unknown kind is a 400 with its own message). */
const kindParameter = {
  name: "kind",
  in: "query" as const,
  required: false,
  description: "Only campaigns of this kind",
  schema: { type: "string" as const, enum: [...CAMPAIGN_KINDS] },
};

/** /api/admin/email — behind the one admin guard in app.ts. */
export const emailAdminRoutes = createRouter()
  .get(
    "/config",
    describeRoute({
      summary: "Check the email configuration: missing variables, provider, configuration errors",
      responses: { 200: jsonAnswer(emailConfigAnswer, "What is missing or wrong (empty lists when all is set)") },
    }),
    (c) =>
      c.json(
        answer(emailConfigAnswer, {
          missing_vars: missingEmailVars(c.var.config),
          provider: c.var.config.MAIL_PROVIDER,
          config_errors: c.var.config.configErrors,
          config_notices: c.var.config.configNotices,
        }),
      ),
  )
  // The spec's test-email-config: asks the provider itself, and logs the answer (never the key).
  .post(
    "/test-config",
    describeRoute({
      summary: "Ask the mail provider whether our key and sending domain are valid (sends nothing)",
      responses: { 200: jsonAnswer(providerCheckAnswer, "The provider's answer (ok false says why)") },
    }),
    async (c) => {
      const provider = deps(c).provider;
      const check = await provider.checkConnection();
      console.log(JSON.stringify({ event: "mail_provider_check", provider: c.var.config.MAIL_PROVIDER, ...check }));
      return c.json(
        answer(providerCheckAnswer, { ok: check.ok, provider: c.var.config.MAIL_PROVIDER, details: check.details }),
      );
    },
  )
  .get(
    "/settings",
    describeRoute({
      summary: "Read the welcome email settings",
      responses: { 200: jsonAnswer(emailSettingsAnswer, "The saved settings over the defaults") },
    }),
    async (c) => c.json(answer(emailSettingsAnswer, { settings: await readEmailSettings(c.var.db, c.env.KV) })),
  )
  .put(
    "/settings",
    describeRoute({
      summary: "Save the welcome email settings",
      responses: { 200: jsonAnswer(emailSettingsAnswer, "The settings as saved") },
    }),
    validate("json", emailSettingsSchema),
    async (c) =>
      c.json(
        answer(emailSettingsAnswer, {
          settings: await saveEmailSettings(c.var.db, c.env.KV, c.req.valid("json")),
        }),
      ),
  )
  .post(
    "/welcome-test",
    describeRoute({
      summary: "Send the welcome email to one address now, as a test",
      responses: {
        200: jsonAnswer(welcomeTestAnswer, "Sent, or skipped: a welcome already went to the address in 24 hours"),
        ...sendErrors,
      },
    }),
    validate("json", welcomeTestSchema),
    async (c) => {
      await limitAdminSends(c);
      const body = c.req.valid("json");
      const result = await sendWelcomeTest(deps(c), {
        email: body.email,
        firstName: body.first_name,
        triggeredBy: c.var.user.email,
      });
      if ("skipped" in result) return c.json(answer(welcomeTestAnswer, result));
      if (!result.ok) throw sendFailed(result);
      return c.json(answer(welcomeTestAnswer, result));
    },
  )
  .get(
    "/weekly-send",
    describeRoute({
      summary: "What Send Weekly Email Now would send, and when and to how many it went",
      responses: { 200: jsonAnswer(weeklySendStateAnswer, "The current action (null: none) and its weekly send") },
    }),
    async (c) =>
      c.json(answer(weeklySendStateAnswer, await weeklySendState(c.var.db, new Date(), c.var.config.SITE_TIMEZONE))),
  )
  .get(
    "/send-plan",
    describeRoute({
      summary: "When an action with these dates would be emailed, and to how many active subscribers",
      responses: {
        200: jsonAnswer(sendPlanAnswer, "The send day, the run's last day and today, and the subscriber count"),
        400: errorAnswer("A date that is not YYYY-MM-DD"),
      },
    }),
    validate("query", sendPlanQuerySchema),
    async (c) =>
      c.json(
        answer(sendPlanAnswer, await sendPlan(c.var.db, new Date(), c.var.config.SITE_TIMEZONE, c.req.valid("query"))),
      ),
  )
  .post(
    "/weekly-send",
    describeRoute({
      summary: "Send an action's weekly email to every active subscriber now",
      responses: {
        200: jsonAnswer(weeklySendAnswer, "The campaign is started; the queue sends it"),
        404: errorAnswer("No action has this id, or (no id given) there is no current action"),
        409: errorAnswer("The action is not published, its weekly email was sent, or it is going out in waves"),
      },
    }),
    requireRecentProof,
    validate("json", weeklySendSchema),
    async (c) => {
      const started = await startWeeklyCampaign(deps(c), {
        actionId: c.req.valid("json").action_id,
        triggeredBy: c.var.user.email,
      });
      return c.json(
        answer(weeklySendAnswer, {
          success: true,
          message: `The weekly email for "${started.actionTitle}" is being sent to all active subscribers.`,
          campaign_id: started.campaignId,
        }),
      );
    },
  )
  .post(
    "/test-send",
    describeRoute({
      summary: "Send an action's weekly email to one address now, marked [Test]",
      responses: {
        200: jsonAnswer(testSendAnswer, "Sent"),
        404: errorAnswer("No action has this id, or (no id given) there is no current action"),
        ...sendErrors,
      },
    }),
    validate("json", testSendSchema),
    async (c) => {
      await limitAdminSends(c);
      const body = c.req.valid("json");
      const result = await sendTestEmail(deps(c), {
        email: body.email,
        actionId: body.action_id,
        triggeredBy: c.var.user.email,
        locale: body.lang,
      });
      if (!result.ok) throw sendFailed(result);
      return c.json(answer(testSendAnswer, result));
    },
  )
  .get(
    "/suppressions",
    describeRoute({
      summary: "List suppressed addresses (bounces, complaints), newest first, with the count per reason",
      responses: { 200: jsonAnswer(suppressionListAnswer, "The counts, and the newest 50 matching addresses") },
    }),
    validate("query", suppressionSearchSchema),
    async (c) => c.json(answer(suppressionListAnswer, await listSuppressions(c.var.db, c.req.valid("query").q))),
  )
  .delete(
    "/suppressions/:id",
    describeRoute({
      summary: "Remove an address from the suppression list",
      responses: {
        200: jsonAnswer(suppressionRemovedAnswer, "Removed: mail goes to the address again"),
        404: errorAnswer("No suppression has this id"),
      },
    }),
    async (c) => {
      let id: string;
      try {
        // A malformed percent-encoding in the path makes the decode throw: that is a 404, not a 500.
        id = c.req.param("id");
      } catch {
        throw notFound(NOT_SUPPRESSED);
      }
      if (!(await removeSuppression(c.var.db, id))) throw notFound(NOT_SUPPRESSED);
      return c.json(answer(suppressionRemovedAnswer, { ok: true, message: "Removed from the suppression list." }));
    },
  )
  .get(
    "/campaigns",
    describeRoute({
      summary: "List the newest 20 email campaigns with their counts and waves",
      parameters: [kindParameter],
      responses: {
        200: jsonAnswer(campaignsAnswer, "Newest first"),
        400: errorAnswer("Unknown campaign kind"),
      },
    }),
    async (c) => {
      const kind = c.req.query("kind") || undefined;
      const known = CAMPAIGN_KINDS.find((k) => k === kind);
      if (kind !== undefined && !known) throw badRequest("Unknown campaign kind");
      return c.json(answer(campaignsAnswer, { campaigns: await listCampaigns(c.var.db, known) }));
    },
  );
