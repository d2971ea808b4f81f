import { createMiddleware } from "hono/factory";
import { documents, errorAnswer } from "../../../platform/api-docs";
import { AppError } from "../../../platform/errors";
import type { AppBindings, AuthUser } from "../../../platform/hono";
import { AUTH_MESSAGES, REAUTH_WINDOW_MINUTES } from "../messages";

/**
 * Decision 195: the most sensitive operations need a proof of presence from the last
 * REAUTH_WINDOW_MINUTES: a sign-in, or a second factor proved since. A stolen access token alone
 * (15 minutes, refreshable for 30 days) is then not enough to export, delete or mail everyone.
 */
export function provedRecently(user: Pick<AuthUser, "authTime" | "mfaTime">, now = new Date()) {
  return now.getTime() / 1000 - Math.max(user.authTime, user.mfaTime) <= REAUTH_WINDOW_MINUTES * 60;
}

export function assertRecentProof(user: Pick<AuthUser, "authTime" | "mfaTime">, now = new Date()) {
  if (!provedRecently(user, now)) throw new AppError(403, "reauth_required", AUTH_MESSAGES.recentProofRequired);
}

/** Route guard, after requireUser or requireAdmin (it reads c.var.user). */
export const requireRecentProof = documents(
  createMiddleware<AppBindings>(async (c, next) => {
    assertRecentProof(c.var.user);
    await next();
  }),
  {
    responses: {
      403: errorAnswer(
        `No sign-in or second-factor proof in the last ${REAUTH_WINDOW_MINUTES} minutes (code reauth_required): sign in again or enter a code`,
      ),
    },
  },
);
