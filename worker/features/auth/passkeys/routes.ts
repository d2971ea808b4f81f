import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import { answer, errorAnswer, jsonAnswer } from "../../../platform/api-docs";
import { requireUser } from "../../../platform/auth-guard";
import { tooManyRequests } from "../../../platform/errors";
import { type AppBindings, createRouter } from "../../../platform/hono";
import { requestLocale, translatorFor } from "../../../platform/i18n";
import { limitPerClient } from "../../../platform/rate-limit";
import { clientIp } from "../../../platform/request";
import { validate } from "../../../platform/validate";
import { clientLabel } from "../client-label";
import { writeRefreshCookie } from "../cookies";
import { waitText } from "../throttle-messages";
import { authenticationOptions, registerPasskey, registrationOptions, signInWithPasskey } from "./ceremonies";
import { listPasskeys, removePasskey, renamePasskey, toPasskeyItem } from "./manage";
import {
  authenticationBodySchema,
  ceremonyOptionsAnswer,
  passkeyAnswer,
  passkeyDeletedAnswer,
  passkeyListAnswer,
  passkeySessionAnswer,
  registrationBodySchema,
  renamePasskeySchema,
} from "./schemas";

/** The passkey sign-in is an auth endpoint like the others: 20 a minute per client (RATE_LIMIT_AUTH), fails closed. */
const passkeyIpLimit = createMiddleware<AppBindings>(async (c, next) => {
  const result = await limitPerClient(c.env.RATE_LIMIT_AUTH, "auth:passkey", clientIp(c), { failClosed: true });
  if (!result.ok) {
    const t = translatorFor(requestLocale(c));
    throw tooManyRequests(
      result.retryAfterSeconds,
      t("account.error.tooManyAttempts", { wait: waitText(t, result.retryAfterSeconds) }),
    );
  }
  await next();
});
const limited = {
  429: errorAnswer("Too many attempts from this client (Retry-After says when)"),
  503: errorAnswer("The per-client limiter could not answer, so the attempt was refused"),
};

/** /api/auth/passkeys: signing in with a passkey, no email typed (decision 193). */
export const passkeySignInRoutes = createRouter()
  .post(
    "/sign-in/options",
    describeRoute({
      summary: "Start a passkey sign-in: a single-use challenge for the browser",
      responses: { 200: jsonAnswer(ceremonyOptionsAnswer, "PublicKeyCredentialRequestOptionsJSON"), ...limited },
    }),
    passkeyIpLimit,
    async (c) => c.json(answer(ceremonyOptionsAnswer, { ...(await authenticationOptions(c.var.db, c.var.config)) })),
  )
  .post(
    "/sign-in",
    describeRoute({
      summary: "Finish a passkey sign-in: the session carries the passkey as its second factor",
      responses: {
        200: jsonAnswer(passkeySessionAnswer, "Signed in (the refresh token is set as an HttpOnly cookie)"),
        400: errorAnswer("Invalid request"),
        401: errorAnswer("The passkey, its signature or the challenge was refused"),
        ...limited,
      },
    }),
    passkeyIpLimit,
    validate("json", authenticationBodySchema),
    async (c) => {
      const issued = await signInWithPasskey(c.var.db, c.var.config, c.req.valid("json"), {
        ip: clientIp(c),
        browser: clientLabel(c.req.header("User-Agent")),
      });
      writeRefreshCookie(c, issued.refreshToken, issued.refreshMaxAgeSeconds);
      return c.json(answer(passkeySessionAnswer, { session: issued.session }));
    },
  );

const noPasskey = errorAnswer("The signed-in member has no passkey with this id");
const noRecentProof = errorAnswer(
  "No recent proof (decision 213): with a second factor set up, prove it first (code mfa_required) or again (reauth_required, after 10 minutes); without one, a sign-in in the last 10 minutes (made after the account became an admin, for admins)",
);

// Guards are per route, as on /api/me.
/** /api/me/passkeys: the signed-in member's passkeys. */
export const myPasskeyRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "List the signed-in member's passkeys",
      responses: { 200: jsonAnswer(passkeyListAnswer, "Oldest first") },
    }),
    requireUser,
    async (c) => c.json(answer(passkeyListAnswer, { passkeys: await listPasskeys(c.var.db, c.var.user.id) })),
  )
  .post(
    "/registration/options",
    describeRoute({
      summary: "Start adding a passkey: a single-use challenge for the browser",
      responses: {
        200: jsonAnswer(ceremonyOptionsAnswer, "PublicKeyCredentialCreationOptionsJSON"),
        403: noRecentProof,
      },
    }),
    requireUser,
    async (c) =>
      c.json(answer(ceremonyOptionsAnswer, { ...(await registrationOptions(c.var.db, c.var.config, c.var.user)) })),
  )
  .post(
    "/",
    describeRoute({
      summary: "Finish adding a passkey, with its name",
      responses: {
        201: jsonAnswer(passkeyAnswer, "Added"),
        400: errorAnswer("Invalid request, or the browser's answer was refused (wrong challenge, origin or signature)"),
        403: noRecentProof,
      },
    }),
    requireUser,
    validate("json", registrationBodySchema),
    async (c) => {
      const row = await registerPasskey(
        c.var.db,
        c.var.config,
        c.var.user,
        c.req.valid("json"),
        clientIp(c),
        clientLabel(c.req.header("User-Agent")),
      );
      return c.json(answer(passkeyAnswer, { passkey: toPasskeyItem(row) }), 201);
    },
  )
  .patch(
    "/:id",
    describeRoute({
      summary: "Rename one of the signed-in member's passkeys",
      responses: {
        200: jsonAnswer(passkeyAnswer, "Renamed"),
        400: errorAnswer("Invalid name"),
        403: noRecentProof,
        404: noPasskey,
      },
    }),
    requireUser,
    validate("json", renamePasskeySchema),
    async (c) => {
      const passkey = await renamePasskey(c.var.db, c.var.user, c.req.param("id"), c.req.valid("json").name);
      return c.json(answer(passkeyAnswer, { passkey }));
    },
  )
  .delete(
    "/:id",
    describeRoute({
      summary: "Remove one of the signed-in member's passkeys",
      responses: {
        200: jsonAnswer(passkeyDeletedAnswer, "Removed"),
        403: noRecentProof,
        404: noPasskey,
        409: errorAnswer("An admin's last second factor (code last_second_factor): add another first"),
      },
    }),
    requireUser,
    async (c) => {
      await removePasskey(
        c.var.db,
        c.var.config,
        c.var.user,
        c.req.param("id"),
        clientIp(c),
        clientLabel(c.req.header("User-Agent")),
      );
      return c.json(answer(passkeyDeletedAnswer, { deleted: true }));
    },
  );
