import { createMiddleware } from "hono/factory";
import { AppError, forbidden } from "../../platform/errors";
import { type AppBindings, createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { writeAudit } from "../security/audit";
import { verifyAccessToken } from "./access-token";
import { clearRefreshCookie, readRefreshCookie, writeRefreshCookie } from "./cookies";
import { enforceIpWindow } from "./ip-window";
import { requestMagicLink, verifyMagicLink } from "./magic-link";
import { signInWithPassword } from "./password-sign-in";
import { magicLinkRequestSchema, passwordSignInSchema, verifyMagicLinkSchema } from "./schemas";
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from "./sessions";

/**
 * The cookie-authenticated endpoints refuse cross-site requests outright. SameSite=Lax already keeps
 * the cookie off cross-site POSTs; this makes the intent explicit and covers older browsers' gaps.
 */
const sameSiteOnly = createMiddleware<AppBindings>(async (c, next) => {
  if (c.req.header("Sec-Fetch-Site") === "cross-site") throw forbidden("Cross-site request refused");
  await next();
});

export const authRoutes = createRouter()
  .post("/magic-link", validate("json", magicLinkRequestSchema), async (c) => {
    await enforceIpWindow(c, "magicLink");
    const { email, redirect_to } = c.req.valid("json");
    await requestMagicLink(c.var.db, c.var.config, { email, redirectTo: redirect_to ?? null, ip: clientIp(c) });
    return c.json({ ok: true as const, message: "Check your email for a sign-in link." });
  })
  .post("/verify", validate("json", verifyMagicLinkSchema), async (c) => {
    await enforceIpWindow(c, "verify");
    const result = await verifyMagicLink(c.var.db, c.var.config, c.req.valid("json").token, clientIp(c));
    writeRefreshCookie(c, result.refreshToken);
    return c.json({ session: result.session, redirect_to: result.redirectTo });
  })
  .post("/password", validate("json", passwordSignInSchema), async (c) => {
    await enforceIpWindow(c, "password");
    const { email, password } = c.req.valid("json");
    const issued = await signInWithPassword(c.var.db, c.var.config, { email, password, ip: clientIp(c) });
    writeRefreshCookie(c, issued.refreshToken);
    return c.json({ session: issued.session });
  })
  .post("/refresh", sameSiteOnly, async (c) => {
    const token = readRefreshCookie(c);
    // No cookie is the normal state of a visitor, not an error: the client simply has no session.
    if (!token) return c.json({ session: null });
    try {
      const issued = await rotateRefreshToken(c.var.db, c.var.config, token);
      writeRefreshCookie(c, issued.refreshToken);
      return c.json({ session: issued.session });
    } catch (err) {
      // Only a refused token ends the session in the browser; a passing server fault must not
      // sign the person out, so the cookie survives it and the next refresh can succeed.
      if (err instanceof AppError && err.status === 401) clearRefreshCookie(c);
      throw err;
    }
  })
  .post("/sign-out", sameSiteOnly, async (c) => {
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
