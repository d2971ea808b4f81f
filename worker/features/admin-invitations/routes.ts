import { describeRoute } from "hono-openapi";
import { acceptAdminInvitationSchema } from "#contract/admin-invitations/schemas";
import { sessionAnswer } from "#contract/auth/responses";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { tooManyRequests } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { limitPerClient } from "../../platform/rate-limit";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { clientLabel } from "../auth/client-label";
import { writeRefreshCookie } from "../auth/cookies";
import { acceptAdminInvitation } from "./accept";

/**
 * The admin invitation's one endpoint (decision 235). Opening the link changes nothing: its page asks for a click,
 * which POSTs the token here; the answer signs the person in as an admin, and the admin screens then set up the
 * second factor before any of them opens.
 */
export const adminInvitationRoutes = createRouter().post(
  "/accept",
  describeRoute({
    summary: "Accept an admin invitation: become an admin and sign in",
    responses: {
      200: jsonAnswer(sessionAnswer, "Signed in as an admin (the refresh token is set as an HttpOnly cookie)"),
      400: errorAnswer("The token is missing, or the invitation is invalid, already used or expired"),
      429: errorAnswer("Too many attempts from this client (Retry-After says when)"),
      503: errorAnswer("Sign-in is unavailable: a setting it needs is wrong (configuration_error), or the limiter"),
    },
  }),
  async (c, next) => {
    const limit = await limitPerClient(c.env.RATE_LIMIT_AUTH, "auth:admin-invitation", clientIp(c), {
      failClosed: true,
    });
    if (!limit.ok) throw tooManyRequests(limit.retryAfterSeconds);
    await next();
  },
  validate("json", acceptAdminInvitationSchema),
  async (c) => {
    const issued = await acceptAdminInvitation(c.var.db, c.var.config, {
      token: c.req.valid("json").token,
      ip: clientIp(c),
      browser: clientLabel(c.req.header("User-Agent")),
    });
    writeRefreshCookie(c, issued.refreshToken, issued.refreshMaxAgeSeconds);
    return c.json(answer(sessionAnswer, { session: issued.session }));
  },
);
