import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import { deleteAccountSchema } from "#contract/auth/my-data-schemas";
import {
  accountDeletedAnswer,
  meAnswer,
  otherSessionsEndedAnswer,
  sessionEndedAnswer,
  sessionListAnswer,
} from "#contract/auth/responses";
import { setLocaleSchema, setPasswordSchema } from "#contract/auth/schemas";
import { exportJobAnswer } from "#contract/exports/responses";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { requireRecentProof, requireUser } from "../../platform/auth-guard";
import { type AppBindings, createRouter } from "../../platform/hono";
import { requestLocale, translatorFor } from "../../platform/i18n";
import { enforceAccountLimit } from "../../platform/rate-limit";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { exportView } from "../exports/link";
import { exportJobRoutes } from "../exports/routes";
import { startExportJob } from "../exports/store";
import type { ExportMessage } from "../exports/types";
import { readMe, SET_PASSWORD_LIMIT, setLocale, setPassword } from "./account";
import { deleteAccount } from "./account-deletion";
import { clearRefreshCookie } from "./cookies";
import { myDataFilename } from "./my-data-export";
import { endOtherSessions, endSession, listSessions } from "./session-list";
import { waitText } from "./throttle-messages";

/** Per account, reserved in D1 before the body is parsed (each success hashes and sends an email). */
const setPasswordLimit = createMiddleware<AppBindings>(async (c, next) => {
  await enforceAccountLimit(c.var.db, c.env.KV, {
    scope: "set-password",
    subject: c.var.user.id,
    ...SET_PASSWORD_LIMIT,
    message: (wait) => {
      const t = translatorFor(requestLocale(c));
      return t("account.error.tooManyAttempts", { wait: waitText(t, wait) });
    },
  });
  await next();
});

/** readMe's and the export's 404: the account was deleted while its access token was still valid. */
const accountGone = errorAnswer("The account no longer exists");
const MY_EXPORTS = "/api/me/exports";

// Guards are per route, not `.use()`: /api/me/completions is mounted beside this router and has its own.
export const meRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "Read the signed-in member's account",
      responses: { 200: jsonAnswer(meAnswer, "The account and its role"), 404: accountGone },
    }),
    requireUser,
    async (c) => c.json(answer(meAnswer, await readMe(c.var.db, c.var.user.id))),
  )
  .put(
    "/password",
    describeRoute({
      summary: "Set or change the signed-in member's password",
      description:
        "Changing a password needs the current one, except right after a magic-link sign-in; setting a first one " +
        "needs a recent sign-in. Every other session is ended and the owner is emailed.",
      responses: {
        200: jsonAnswer(meAnswer, "Saved: the account as it now is"),
        400: errorAnswer(
          "Invalid request, the password is the account's email, or the current password is missing or wrong",
        ),
        403: errorAnswer("Setting a first password needs a sign-in within the last minutes: sign in again"),
        404: accountGone,
        429: errorAnswer(
          "Too many attempts for this account, or its password sign-in is locked after failed attempts (Retry-After says when)",
        ),
      },
    }),
    requireUser,
    setPasswordLimit,
    validate("json", setPasswordSchema),
    async (c) => {
      const { password, current_password } = c.req.valid("json");
      await setPassword({ db: c.var.db, config: c.var.config, kv: c.env.KV }, c.var.user, {
        password,
        currentPassword: current_password,
        ip: clientIp(c),
      });
      return c.json(answer(meAnswer, await readMe(c.var.db, c.var.user.id)));
    },
  )
  .put(
    "/locale",
    describeRoute({
      summary: "Set the signed-in member's language",
      description: "English or Spanish: every email to the member is written in it. The pages keep their own address.",
      responses: {
        200: jsonAnswer(meAnswer, "Saved: the account as it now is"),
        400: errorAnswer("Invalid request: the language is not one the site speaks"),
        404: accountGone,
      },
    }),
    requireUser,
    validate("json", setLocaleSchema),
    async (c) => {
      await setLocale(c.var.db, c.var.user.id, c.req.valid("json").locale);
      return c.json(answer(meAnswer, await readMe(c.var.db, c.var.user.id)));
    },
  )
  // "Download my data": prepared in the background (decision 250), then offered as a short-lived link.
  .post(
    "/exports",
    describeRoute({
      summary: "Start preparing everything held about the signed-in member, as a JSON file",
      responses: {
        202: jsonAnswer(exportJobAnswer, "The export, being prepared: ask its status until it is ready"),
        404: accountGone,
      },
    }),
    requireUser,
    requireRecentProof,
    async (c) => {
      const now = new Date();
      await readMe(c.var.db, c.var.user.id); // the 404 of an account deleted while its token still works
      const { job, created } = await startExportJob(
        c.var.db,
        { kind: "my_data", userId: c.var.user.id, params: {}, filename: myDataFilename(now) },
        now,
      );
      if (created) await c.env.EXPORT_QUEUE.send({ job: job.id, step: 0 } satisfies ExportMessage);
      c.header("Cache-Control", "no-store");
      return c.json(
        answer(exportJobAnswer, { export: await exportView(c.var.config, job, `${MY_EXPORTS}/${job.id}/file`, now) }),
        202,
      );
    },
  )
  .route("/exports", exportJobRoutes("my_data", MY_EXPORTS, { mediaType: "application/json", what: "member's data" }))
  .get(
    "/sessions",
    describeRoute({
      summary: "List the signed-in member's live sessions",
      responses: {
        200: jsonAnswer(sessionListAnswer, "Live sessions, most recently used first; `current` is this one"),
      },
    }),
    requireUser,
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(answer(sessionListAnswer, await listSessions(c.var.db, c.var.user.id, c.var.user.sessionId)));
    },
  )
  // Before "/sessions/:id", so "end-others" is never taken for a session id.
  .post(
    "/sessions/end-others",
    describeRoute({
      summary: "Sign out everywhere else: end every session but this one",
      responses: { 200: jsonAnswer(otherSessionsEndedAnswer, "How many sessions were ended") },
    }),
    requireUser,
    async (c) => {
      const ended = await endOtherSessions(c.var.db, c.var.user.id, c.var.user.sessionId, clientIp(c));
      return c.json(answer(otherSessionsEndedAnswer, { ended }));
    },
  )
  .delete(
    "/sessions/:id",
    describeRoute({
      summary: "End one of the signed-in member's sessions",
      responses: {
        200: jsonAnswer(sessionEndedAnswer, "Ended: its access and refresh tokens stop working at once"),
        404: errorAnswer("No live session of this member has that id"),
      },
    }),
    requireUser,
    async (c) => {
      await endSession(c.var.db, c.var.user.id, c.req.param("id"), clientIp(c));
      return c.json(answer(sessionEndedAnswer, { ended: true }));
    },
  )
  .delete(
    "/",
    describeRoute({
      summary: "Delete the signed-in member's account",
      responses: {
        200: jsonAnswer(accountDeletedAnswer, "Deleted: signed out everywhere (the refresh cookie is cleared)"),
        400: errorAnswer("Invalid request, or the typed email is not this account's"),
        409: errorAnswer("The member is the only admin: another account must be made admin first"),
      },
    }),
    requireUser,
    requireRecentProof,
    validate("json", deleteAccountSchema),
    async (c) => {
      await deleteAccount(c.var.db, c.var.config, c.var.user, c.req.valid("json").confirm_email, clientIp(c));
      clearRefreshCookie(c);
      return c.json(answer(accountDeletedAnswer, { deleted: true }));
    },
  );
