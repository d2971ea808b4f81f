import type { Context } from "hono";
import { AppError, badRequest, notFound } from "../../platform/errors";
import type { AppBindings } from "../../platform/hono";
import { createRouter } from "../../platform/hono";
import { enforceAccountLimit } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { listCampaigns, startWeeklyCampaign } from "./campaigns";
import { missingEmailVars } from "./config-check";
import { emailDepsFromEnv } from "./consumer";
import { eventsNearFromSearch } from "./events-near";
import {
  emailSettingsSchema,
  suppressionSearchSchema,
  testSendSchema,
  weeklySendSchema,
  welcomeTestSchema,
} from "./schemas";
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

const CAMPAIGN_KINDS = ["weekly", "test", "welcome_test"] as const;

/** /api/admin/email — behind the one admin guard in app.ts. */
export const emailAdminRoutes = createRouter()
  .get("/config", (c) =>
    c.json({
      missing_vars: missingEmailVars(c.var.config),
      provider: c.var.config.MAIL_PROVIDER,
      config_errors: c.var.config.configErrors,
      config_notices: c.var.config.configNotices,
    }),
  )
  // The spec's test-email-config: asks the provider itself, and logs the answer (never the key).
  .post("/test-config", async (c) => {
    const provider = deps(c).provider;
    const check = await provider.checkConnection();
    console.log(JSON.stringify({ event: "mail_provider_check", provider: c.var.config.MAIL_PROVIDER, ...check }));
    return c.json({ ok: check.ok, provider: c.var.config.MAIL_PROVIDER, details: check.details });
  })
  .get("/settings", async (c) => c.json({ settings: await readEmailSettings(c.var.db, c.env.KV) }))
  .put("/settings", validate("json", emailSettingsSchema), async (c) =>
    c.json({ settings: await saveEmailSettings(c.var.db, c.env.KV, c.req.valid("json")) }),
  )
  .post("/welcome-test", validate("json", welcomeTestSchema), async (c) => {
    await limitAdminSends(c);
    const body = c.req.valid("json");
    const result = await sendWelcomeTest(deps(c), {
      email: body.email,
      firstName: body.first_name,
      triggeredBy: c.var.user.email,
    });
    if ("skipped" in result) return c.json(result);
    if (!result.ok) throw sendFailed(result);
    return c.json(result);
  })
  .post("/weekly-send", validate("json", weeklySendSchema), async (c) => {
    const started = await startWeeklyCampaign(deps(c), {
      actionId: c.req.valid("json").action_id,
      triggeredBy: c.var.user.email,
    });
    return c.json({
      success: true,
      message: `The weekly email for "${started.actionTitle}" is being sent to all active subscribers.`,
      campaign_id: started.campaignId,
    });
  })
  .post("/test-send", validate("json", testSendSchema), async (c) => {
    await limitAdminSends(c);
    const body = c.req.valid("json");
    const result = await sendTestEmail(deps(c), {
      email: body.email,
      actionId: body.action_id,
      triggeredBy: c.var.user.email,
    });
    if (!result.ok) throw sendFailed(result);
    return c.json(result);
  })
  .get("/suppressions", validate("query", suppressionSearchSchema), async (c) =>
    c.json(await listSuppressions(c.var.db, c.req.valid("query").q)),
  )
  .delete("/suppressions/:id", async (c) => {
    let id: string;
    try {
      // A malformed percent-encoding in the path makes the decode throw: that is a 404, not a 500.
      id = c.req.param("id");
    } catch {
      throw notFound("That address is not on the suppression list.");
    }
    if (!(await removeSuppression(c.var.db, id))) throw notFound("That address is not on the suppression list.");
    return c.json({ ok: true, message: "Removed from the suppression list." });
  })
  .get("/campaigns", async (c) => {
    const kind = c.req.query("kind") || undefined;
    const known = CAMPAIGN_KINDS.find((k) => k === kind);
    if (kind !== undefined && !known) throw badRequest("Unknown campaign kind");
    return c.json({ campaigns: await listCampaigns(c.var.db, known) });
  });
