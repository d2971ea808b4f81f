import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import {
  type Proofs,
  provedRecently,
  RECENT_PROOF_MESSAGE,
  RECENT_PROOF_MINUTES,
} from "#contract/platform/recent-proof";
import { profiles, sessions, users } from "../../db/schema";
import { verifyAccessToken } from "./access-token";
import { documents, errorAnswer } from "./api-docs";
import { AppError, forbidden, unauthorized } from "./errors";
import type { AppBindings, AuthUser } from "./hono";

async function authenticate(c: Parameters<Parameters<typeof createMiddleware<AppBindings>>[0]>[0]): Promise<AuthUser> {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized();
  const claims = await verifyAccessToken(c.var.config, match[1]);
  if (!claims) throw unauthorized("Your session has expired. Please sign in again.");
  // One indexed read: the session must not be revoked (sign-out is immediate) and the role is
  // read fresh from the profile, so a demoted admin loses access without waiting for expiry.
  const [row] = await c.var.db
    .select({ revokedAt: sessions.revokedAt, email: users.email, role: profiles.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(eq(sessions.id, claims.sid))
    .limit(1);
  if (!row || row.revokedAt || claims.sub === undefined)
    throw unauthorized("Your session has ended. Please sign in again.");
  return {
    id: claims.sub,
    email: row.email,
    role: row.role,
    sessionId: claims.sid,
    authTime: claims.authTime,
    authMethod: claims.authMethod,
    mfaTime: claims.mfaTime,
    mfaMethod: claims.mfaMethod,
  };
}

/** The signed-in user when a valid token is presented, else null (for routes that answer everyone). */
export async function optionalUser(c: Parameters<typeof authenticate>[0]): Promise<AuthUser | null> {
  if (!c.req.header("Authorization")) return null;
  return authenticate(c).catch(() => null);
}

const signedOut = errorAnswer("No valid session: sign in (again)");

/** Member routes: 401 unless a valid, unrevoked session's access token is presented. */
export const requireUser = documents(
  createMiddleware<AppBindings>(async (c, next) => {
    c.set("user", await authenticate(c));
    await next();
  }),
  { security: [{ bearer: [] }], responses: { 401: signedOut } },
);

export const MFA_REQUIRED_MESSAGE =
  "Admin work needs a second factor: enter a code from your authenticator app, or sign in with a passkey.";

/**
 * Admin routes: 401 signed out, 403 for anyone whose profile role is not admin, and 403 `mfa_required`
 * for an admin session that has not proved a second factor (decision 194).
 */
export const requireAdmin = documents(
  createMiddleware<AppBindings>(async (c, next) => {
    const user = await authenticate(c);
    if (user.role !== "admin") throw forbidden("Access denied. You need admin privileges to access this page.");
    if (user.mfaTime <= 0) throw new AppError(403, "mfa_required", MFA_REQUIRED_MESSAGE);
    c.set("user", user);
    await next();
  }),
  {
    security: [{ bearer: [] }],
    responses: {
      401: signedOut,
      403: errorAnswer(
        "The signed-in member is not an admin (code forbidden), or the session has no second factor yet (code mfa_required)",
      ),
    },
  },
);

/** 403 reauth_required unless the user signed in or proved a second factor in the last minutes (decision 195). */
export function assertRecentProof(user: Proofs, now = new Date()) {
  if (!provedRecently(user, now)) throw new AppError(403, "reauth_required", RECENT_PROOF_MESSAGE);
}

/**
 * The most sensitive operations (decision 195), after requireUser or requireAdmin: 403
 * `reauth_required` unless the session signed in or proved a second factor in the last minutes.
 */
export const requireRecentProof = documents(
  createMiddleware<AppBindings>(async (c, next) => {
    assertRecentProof(c.var.user);
    await next();
  }),
  {
    responses: {
      403: errorAnswer(
        `No sign-in or second-factor proof in the last ${RECENT_PROOF_MINUTES} minutes (code reauth_required): sign in again or enter a code`,
      ),
    },
  },
);
