import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import {
  magicLinkSentAnswer,
  magicLinkViewAnswer,
  refreshAnswer,
  sessionAnswer,
  signedOutAnswer,
  verifyAnswer,
} from "#contract/auth/responses";
import { magicLinkRequestSchema, passwordSignInSchema, verifyMagicLinkSchema } from "#contract/auth/schemas";
import { BOT_CHECK_ACTIONS } from "#contract/platform/bot-check-rules";
import { maskEmail } from "#contract/subscribers/signup-rules";
import { verifyAccessToken } from "../../platform/access-token";
import { answer, documents, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { writeAudit } from "../../platform/audit";
import { tokenLimit } from "../../platform/client-limit";
import { AppError, forbidden } from "../../platform/errors";
import { type AppBindings, createRouter } from "../../platform/hono";
import { requestLocale, translate } from "../../platform/i18n";
import { clientIp } from "../../platform/request";
import { botCheck } from "../../platform/turnstile";
import { validate } from "../../platform/validate";
import { clientLabel } from "./client-label";
import { clearRefreshCookie, REFRESH_COOKIE, readRefreshCookie, writeRefreshCookie } from "./cookies";
import { type AuthEndpoint, enforceIpWindow } from "./ip-window";
import { requestMagicLink } from "./magic-link";
import { peekMagicLink, verifyMagicLink } from "./magic-link-verify";
import { signInWithPassword } from "./password-sign-in";
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from "./sessions";

/**
 * The cookie-authenticated endpoints accept only same-origin requests: `Sec-Fetch-Site` same-origin
 * (or none: typed into the browser), or else an `Origin` equal to SITE_URL's. A request that proves
 * neither is refused, so another site (even a same-site subdomain) cannot drive them with the cookie.
 */
export const sameOriginOnly = documents(
  createMiddleware<AppBindings>(async (c, next) => {
    const site = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    const sameOrigin =
      site === "same-origin" || site === "none" || (origin !== undefined && origin === c.var.config.siteOrigin);
    if (!sameOrigin) throw forbidden("Cross-site request refused");
    await next();
  }),
  { responses: { 403: errorAnswer("Cross-site request refused: neither Sec-Fetch-Site nor Origin shows this site") } },
);

/** The per-client limit runs before the body is read, so floods are refused without parsing them. */
const ipLimit = (endpoint: AuthEndpoint) =>
  createMiddleware<AppBindings>(async (c, next) => {
    await enforceIpWindow(c, endpoint);
    await next();
  });

/** The refresh token's cookie, read by hand (HttpOnly: the browser sends it, scripts never see it). */
const refreshCookieParameter = {
  name: REFRESH_COOKIE,
  in: "cookie" as const,
  required: false,
  description: "The refresh token, set by a sign-in",
  schema: { type: "string" as const },
};
const limiterUnavailable = errorAnswer("The per-client limiter could not answer, so the attempt was refused");

/**
 * A sign-in link emails any address typed in, so when Cloudflare cannot be asked the request is refused
 * (503; password sign-in still works), not sent unchecked (decision 184).
 */
const checkBot = botCheck(BOT_CHECK_ACTIONS.magicLink, { whenUnavailable: "refuse" });

export const authRoutes = createRouter()
  .post(
    "/magic-link",
    describeRoute({
      summary: "Email a sign-in link",
      responses: {
        200: jsonAnswer(magicLinkSentAnswer, "Sent: the same answer whether or not the address has an account"),
        429: errorAnswer(
          "Too many attempts from this client, or a link was just sent or too many were sent to this address (Retry-After says when)",
        ),
        503: errorAnswer("The per-client limiter could not answer, or the sign-in email could not be sent"),
      },
    }),
    ipLimit("magic-link"),
    validate("json", magicLinkRequestSchema),
    checkBot,
    async (c) => {
      const { email, redirect_to } = c.req.valid("json");
      const locale = requestLocale(c);
      await requestMagicLink(c.var.db, c.var.config, c.env.KV, {
        email,
        redirectTo: redirect_to ?? null,
        ip: clientIp(c),
        locale,
      });
      return c.json(answer(magicLinkSentAnswer, { ok: true, message: translate(locale, "account.linkSent") }));
    },
  )
  // The link's page reads it with this (decision 215): whose link it is, masked; nothing is spent or signed in.
  .get(
    "/magic-link",
    describeRoute({
      summary: "Read a sign-in link's token without spending it",
      responses: {
        200: jsonAnswer(magicLinkViewAnswer, "The link is usable: the address it signs in, masked"),
        400: errorAnswer("The token is missing, or the link is invalid, already used or expired (as the verify says)"),
      },
    }),
    tokenLimit("magic-link-view"),
    validate("query", verifyMagicLinkSchema),
    async (c) => {
      const link = await peekMagicLink(c.var.db, c.req.valid("query").token);
      c.header("Cache-Control", "no-store");
      return c.json(answer(magicLinkViewAnswer, { masked_email: maskEmail(link.email) }));
    },
  )
  .post(
    "/verify",
    describeRoute({
      summary: "Sign in with a sign-in link's token",
      responses: {
        200: jsonAnswer(
          verifyAnswer,
          "Signed in: the session and the path the link was asked for (the refresh token is set as an HttpOnly cookie)",
        ),
        400: errorAnswer("The token is missing, or the link is invalid, already used or expired"),
        429: errorAnswer("Too many attempts from this client (Retry-After says when)"),
        503: limiterUnavailable,
      },
    }),
    ipLimit("verify"),
    validate("json", verifyMagicLinkSchema),
    async (c) => {
      const result = await verifyMagicLink(c.var.db, c.var.config, {
        token: c.req.valid("json").token,
        ip: clientIp(c),
        // A first sign-in creates the account in the language of the link's page (/es/auth/verify: Spanish).
        locale: requestLocale(c),
        browser: clientLabel(c.req.header("User-Agent")),
      });
      writeRefreshCookie(c, result.refreshToken, result.refreshMaxAgeSeconds);
      return c.json(answer(verifyAnswer, { session: result.session, redirect_to: result.redirectTo }));
    },
  )
  .post(
    "/password",
    describeRoute({
      summary: "Sign in with email and password",
      responses: {
        200: jsonAnswer(sessionAnswer, "Signed in (the refresh token is set as an HttpOnly cookie)"),
        401: errorAnswer("Invalid email or password"),
        429: errorAnswer(
          "Too many attempts from this client, or the address is locked after failed attempts (Retry-After says when)",
        ),
        503: limiterUnavailable,
      },
    }),
    ipLimit("password"),
    validate("json", passwordSignInSchema),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const issued = await signInWithPassword(c.var.db, c.var.config, c.env.KV, {
        email,
        password,
        ip: clientIp(c),
        browser: clientLabel(c.req.header("User-Agent")),
      });
      writeRefreshCookie(c, issued.refreshToken, issued.refreshMaxAgeSeconds);
      return c.json(answer(sessionAnswer, { session: issued.session }));
    },
  )
  .post(
    "/refresh",
    describeRoute({
      summary: "Renew the session from the refresh cookie",
      parameters: [refreshCookieParameter],
      responses: {
        200: jsonAnswer(
          refreshAnswer,
          "A fresh session (the cookie's token rotated), or session null when there is no refresh cookie",
        ),
        401: errorAnswer("The refresh token was refused: the session has ended (the cookie is cleared)"),
      },
    }),
    // Same-origin first: another site cannot spend a member's window from their own browser.
    sameOriginOnly,
    tokenLimit("refresh"),
    async (c) => {
      const token = readRefreshCookie(c);
      // No cookie is the normal state of a visitor, not an error: the client simply has no session.
      if (!token) return c.json(answer(refreshAnswer, { session: null }));
      try {
        const browser = clientLabel(c.req.header("User-Agent"));
        const issued = await rotateRefreshToken(c.var.db, c.var.config, token, new Date(), browser);
        writeRefreshCookie(c, issued.refreshToken, issued.refreshMaxAgeSeconds);
        return c.json(answer(refreshAnswer, { session: issued.session }));
      } catch (err) {
        // Only a refused token ends the session in the browser; a passing server fault must not
        // sign the person out, so the cookie survives it and the next refresh can succeed.
        if (err instanceof AppError && err.status === 401) clearRefreshCookie(c);
        throw err;
      }
    },
  )
  .post(
    "/sign-out",
    describeRoute({
      summary: "Sign out: end the session of the cookie and of the bearer token",
      description: "Both are optional: whatever is presented is revoked, and the refresh cookie is cleared.",
      parameters: [refreshCookieParameter],
      security: [{}, { bearer: [] }],
      responses: { 200: jsonAnswer(signedOutAnswer, "Signed out (also when there was no session)") },
    }),
    // Same-origin first: another site cannot spend a member's window from their own browser.
    sameOriginOnly,
    tokenLimit("sign-out"),
    async (c) => {
      const { db, config } = c.var;
      const token = readRefreshCookie(c);
      const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
      const claims = bearer ? await verifyAccessToken(config, bearer) : null;
      const sessionIds = new Set<string>();
      if (claims) sessionIds.add(claims.sid);
      if (token) {
        const sid = await sessionOfRefreshToken(db, token);
        if (sid) sessionIds.add(sid);
      }
      let userId: string | null = null;
      for (const sid of sessionIds) userId = (await revokeSession(db, sid, "sign_out")) ?? userId;
      if (userId) {
        await writeAudit(db, {
          action: "sign_out",
          userId,
          tableName: "sessions",
          ipAddress: clientIp(c),
          newValues: { sessions: [...sessionIds], timestamp: new Date().toISOString() },
        });
      }
      clearRefreshCookie(c);
      return c.json(answer(signedOutAnswer, { ok: true }));
    },
  );
