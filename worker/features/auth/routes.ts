import { createMiddleware } from "hono/factory";
import { verifyAccessToken } from "../../platform/access-token";
import { writeAudit } from "../../platform/audit";
import { BOT_CHECK_ACTIONS } from "../../platform/bot-check-rules";
import { AppError, forbidden } from "../../platform/errors";
import { type AppBindings, createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { botCheck } from "../../platform/turnstile";
import { validate } from "../../platform/validate";
import { clearRefreshCookie, readRefreshCookie, writeRefreshCookie } from "./cookies";
import { type AuthEndpoint, enforceIpWindow } from "./ip-window";
import { requestMagicLink, verifyMagicLink } from "./magic-link";
import { signInWithPassword } from "./password-sign-in";
import { magicLinkRequestSchema, passwordSignInSchema, verifyMagicLinkSchema } from "./schemas";
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from "./sessions";

/**
 * The cookie-authenticated endpoints accept only same-origin requests: `Sec-Fetch-Site` same-origin
 * (or none: typed into the browser), or else an `Origin` equal to SITE_URL's. A request that proves
 * neither is refused, so another site (even a same-site subdomain) cannot drive them with the cookie.
 */
export const sameOriginOnly = createMiddleware<AppBindings>(async (c, next) => {
  const site = c.req.header("Sec-Fetch-Site");
  const origin = c.req.header("Origin");
  const sameOrigin =
    site === "same-origin" || site === "none" || (origin !== undefined && origin === c.var.config.siteOrigin);
  if (!sameOrigin) throw forbidden("Cross-site request refused");
  await next();
});

/** The per-client limit runs before the body is read, so floods are refused without parsing them. */
const ipLimit = (endpoint: AuthEndpoint) =>
  createMiddleware<AppBindings>(async (c, next) => {
    await enforceIpWindow(c, endpoint);
    await next();
  });

/**
 * A sign-in link emails any address typed in, so when Cloudflare cannot be asked the request is refused
 * (503; password sign-in still works), not sent unchecked (decision 184).
 */
const checkBot = botCheck(BOT_CHECK_ACTIONS.magicLink, { whenUnavailable: "refuse" });

export const authRoutes = createRouter()
  .post("/magic-link", ipLimit("magic-link"), validate("json", magicLinkRequestSchema), checkBot, async (c) => {
    const { email, redirect_to } = c.req.valid("json");
    await requestMagicLink(c.var.db, c.var.config, c.env.KV, {
      email,
      redirectTo: redirect_to ?? null,
      ip: clientIp(c),
    });
    return c.json({ ok: true as const, message: "Check your email for a sign-in link." });
  })
  .post("/verify", ipLimit("verify"), validate("json", verifyMagicLinkSchema), async (c) => {
    const result = await verifyMagicLink(c.var.db, c.var.config, c.req.valid("json").token, clientIp(c));
    writeRefreshCookie(c, result.refreshToken, result.refreshMaxAgeSeconds);
    return c.json({ session: result.session, redirect_to: result.redirectTo });
  })
  .post("/password", ipLimit("password"), validate("json", passwordSignInSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    const issued = await signInWithPassword(c.var.db, c.var.config, c.env.KV, { email, password, ip: clientIp(c) });
    writeRefreshCookie(c, issued.refreshToken, issued.refreshMaxAgeSeconds);
    return c.json({ session: issued.session });
  })
  .post("/refresh", sameOriginOnly, async (c) => {
    const token = readRefreshCookie(c);
    // No cookie is the normal state of a visitor, not an error: the client simply has no session.
    if (!token) return c.json({ session: null });
    try {
      const issued = await rotateRefreshToken(c.var.db, c.var.config, token);
      writeRefreshCookie(c, issued.refreshToken, issued.refreshMaxAgeSeconds);
      return c.json({ session: issued.session });
    } catch (err) {
      // Only a refused token ends the session in the browser; a passing server fault must not
      // sign the person out, so the cookie survives it and the next refresh can succeed.
      if (err instanceof AppError && err.status === 401) clearRefreshCookie(c);
      throw err;
    }
  })
  .post("/sign-out", sameOriginOnly, async (c) => {
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
    return c.json({ ok: true as const });
  });
