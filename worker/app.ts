import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { actionsAdminRoutes } from "./features/actions/admin-routes";
import { actionsRoutes } from "./features/actions/routes";
import { adminInvitationRoutes } from "./features/admin-invitations/routes";
import { apiReferenceRoutes } from "./features/api-reference/routes";
import { meRoutes } from "./features/auth/me-routes";
import { mfaRoutes } from "./features/auth/mfa/routes";
import { myPasskeyRoutes, passkeySignInRoutes } from "./features/auth/passkeys/routes";
import { authRoutes } from "./features/auth/routes";
import { sharedNotesAdminRoutes, siteImpactRoutes } from "./features/completions/impact-routes";
import { completionsRoutes } from "./features/completions/routes";
import { completionStatsRoutes } from "./features/completions/stats-routes";
import { messagesAdminRoutes } from "./features/contact/admin-routes";
import { contactRoutes } from "./features/contact/routes";
import { contentExportAdminRoutes } from "./features/content-export/admin-routes";
import { devMailboxRoutes } from "./features/dev-mailbox/routes";
import { didItApiRoutes, didItFormRoutes } from "./features/did-it/routes";
import { emailAdminRoutes } from "./features/email/admin-routes";
import { mailWebhookRoutes } from "./features/email/webhook-routes";
import { eventRemindersAdminRoutes } from "./features/event-reminders/admin-routes";
import { memberReminderRoutes } from "./features/event-reminders/member-routes";
import { eventReminderRoutes } from "./features/event-reminders/routes";
import { embedRoutes } from "./features/events/embed/routes";
import { crossOriginReadable } from "./features/events/open-access";
import { osdiRoutes } from "./features/events/osdi-routes";
import { eventsRoutes } from "./features/events/routes";
import { eventSubmissionsAdminRoutes } from "./features/events/submission-admin-routes";
import { eventSubmissionsRoutes } from "./features/events/submission-routes";
import { healthRoutes } from "./features/health/routes";
import { ingestionAdminRoutes } from "./features/ingestion/admin-routes";
import { devFixtureRoutes } from "./features/ingestion/dev-fixtures/routes";
import { findSource } from "./features/ingestion/sources";
import { mediaAdminRoutes } from "./features/media/admin-routes";
import { mediaRoutes } from "./features/media/routes";
import { openApiRoutes } from "./features/openapi/routes";
import { operationsAdminRoutes } from "./features/operations/admin-routes";
import { countServerError } from "./features/operations/error-rate";
import { purgePagesAfterAdminWrite } from "./features/pages/page-cache";
import { pageRoute, pagesRoutes, servePage } from "./features/pages/routes";
import { petitionsAdminRoutes } from "./features/petitions/admin-routes";
import { petitionsRoutes } from "./features/petitions/routes";
import { auditAdminMutations } from "./features/security/admin-audit";
import { securityAdminRoutes } from "./features/security/admin-routes";
import { seoRoutes } from "./features/seo/routes";
import { subscribersAdminRoutes } from "./features/subscribers/admin-routes";
import { subscribersRoutes } from "./features/subscribers/routes";
import { subscriptionRoutes } from "./features/subscribers/subscription-routes";
import { tipsAdminRoutes } from "./features/tips/admin-routes";
import { tipsRoutes } from "./features/tips/routes";
import { requireAdmin } from "./platform/auth-guard";
import { limitRequestBodies } from "./platform/body-limit";
import { botCheckKeys, getConfig } from "./platform/config";
import { refuseSignInWhileMisconfigured } from "./platform/config-guard";
import { d1Session } from "./platform/d1-session";
import { createDb } from "./platform/db";
import { AppError, errorBody } from "./platform/errors";
import type { AppBindings } from "./platform/hono";
import { createRouter } from "./platform/hono";
import { redirectToHttps } from "./platform/https-redirect";
import { localizedErrors } from "./platform/localized-errors";
import { noStorePrivate } from "./platform/no-store";
import { requestIdentity, requestLog } from "./platform/request-log";
import { securityHeaders } from "./platform/security-headers";

/**
 * The one app factory: middleware, every feature's routes, `notFound` and `onError`.
 * Tests go through it too (via the Worker's fetch), so no test wires its own middleware.
 */
export function createApp() {
  // The "I did it" forms answer with their page (decision 196).
  const didItPage = pageRoute("didIt");
  const app = new Hono<AppBindings>();

  // First, so every response (errors included) carries X-Request-Id and gets its log line.
  app.use(requestIdentity());
  app.use(requestLog());
  app.use(async (c, next) => {
    const config = getConfig(c.env);
    c.set("config", config);
    c.set("appFetch", async (request) => app.fetch(request, c.env, c.executionCtx));
    await next();
  });
  // Production answers http with a redirect to https before anything else runs.
  app.use(redirectToHttps);
  // c.var.db: a D1 session, from a read replica for anonymous reads (decision 188).
  app.use(d1Session);
  // Open event data may be read by other origins' pages (decision 261): outside the security headers, so it wins.
  app.use(crossOriginReadable);
  app.use((c, next) =>
    securityHeaders(c.var.config.ENVIRONMENT === "development", botCheckKeys(c.var.config) !== null)(c, next),
  );
  app.use(noStorePrivate);
  app.use(limitRequestBodies);
  // API errors in the caller's language (decision 270).
  app.use("/api/*", localizedErrors);
  // Sign-in and the admin invitation answer 503 configuration_error while JWT_SECRET is unusable (config.ts).
  app.use("/api/auth/*", refuseSignInWhileMisconfigured);
  app.use("/api/admin-invitations/*", refuseSignInWhileMisconfigured);

  // Every /api/admin route sits behind this one guard (401 signed out, 403 not admin), and every
  // admin mutation is audited by one middleware.
  const admin = createRouter()
    .use(requireAdmin)
    .use(auditAdminMutations)
    .use(purgePagesAfterAdminWrite)
    .route("/actions", actionsAdminRoutes)
    .route("/media", mediaAdminRoutes)
    .route("/email", emailAdminRoutes)
    .route("/event-submissions", eventSubmissionsAdminRoutes)
    .route("/event-reminders", eventRemindersAdminRoutes)
    .route("/ingestion", ingestionAdminRoutes)
    .route("/petitions", petitionsAdminRoutes)
    .route("/content-export", contentExportAdminRoutes)
    .route(
      "/security",
      securityAdminRoutes(() => app),
    )
    .route("/", operationsAdminRoutes)
    .route("/subscribers", subscribersAdminRoutes)
    .route("/messages", messagesAdminRoutes)
    .route("/tips", tipsAdminRoutes)
    .route("/shared-notes", sharedNotesAdminRoutes);

  const routes = app
    .route("/api/health", healthRoutes)
    .route("/api/auth/mfa", mfaRoutes)
    .route("/api/auth/passkeys", passkeySignInRoutes)
    .route("/api/auth", authRoutes)
    .route("/api/admin-invitations", adminInvitationRoutes)
    .route("/api/me/completions", completionsRoutes)
    .route("/api/me/reminders", memberReminderRoutes)
    .route("/api/me/passkeys", myPasskeyRoutes)
    .route("/api/me/stats", completionStatsRoutes)
    .route("/api/me", meRoutes)
    .route("/api/actions", actionsRoutes)
    .route("/api/subscribers", subscribersRoutes)
    .route("/api/subscription", subscriptionRoutes)
    .route("/api/contact", contactRoutes)
    .route("/api/webhooks/mail", mailWebhookRoutes)
    .route("/api/events", eventsRoutes(findSource))
    .route("/api/osdi/v1/events", osdiRoutes)
    .route("/api/event-submissions", eventSubmissionsRoutes)
    .route("/api/event-reminders", eventReminderRoutes)
    .route("/api/petitions", petitionsRoutes)
    .route("/api/impact", siteImpactRoutes)
    .route("/api/tips", tipsRoutes)
    .route("/api/did-it", didItApiRoutes)
    .route("/api/admin", admin)
    .route(
      "/api/openapi.json",
      openApiRoutes(() => app),
    )
    .route("/media", mediaRoutes)
    .route("/embed", embedRoutes)
    .route("/dev/mailbox", devMailboxRoutes)
    .route("/dev/fixtures", devFixtureRoutes)
    .route(
      "/did-it",
      didItFormRoutes((c, override) => servePage(c, didItPage, override)),
    )
    // The Spanish page's forms post here, so their answers are Spanish pages (issue 46).
    .route(
      "/es/did-it",
      didItFormRoutes((c, override) => servePage(c, didItPage, override)),
    )
    .route("/developers/api", apiReferenceRoutes)
    .route("/", seoRoutes)
    .route("/", pagesRoutes);

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    if (path.startsWith("/api/") || path.startsWith("/dev/") || path.startsWith("/media/") || c.req.method !== "GET") {
      return c.json(errorBody("not_found", "Not found"), 404);
    }
    return servePage(c);
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json(errorBody(err.code, err.message), err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      // Hono's own errors (e.g. malformed JSON bodies) are client errors with safe messages.
      return c.json(errorBody("http_error", err.message || "Bad request"), err.status);
    }
    // The reference in the message is the request id: a visitor's report finds this log line.
    const reference = c.var.requestId;
    console.error(
      JSON.stringify({
        type: "error",
        request_id: reference,
        method: c.req.method,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      }),
    );
    // Counted for the error-rate alert; never allowed to turn one error into two.
    const counted = countServerError(createDb(c.env.DB), new Date()).catch((e) =>
      console.error("could not count the server error", e),
    );
    try {
      c.executionCtx.waitUntil(counted);
    } catch {
      // No execution context (app.fetch called directly): the count still runs, unawaited.
    }
    return c.json(
      errorBody("internal_error", `Something went wrong. Please try again in a moment. (reference ${reference})`),
      500,
    );
  });

  return routes;
}

export type AppType = ReturnType<typeof createApp>;
