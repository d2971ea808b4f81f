import { count, eq } from "drizzle-orm";
import { describeRoute } from "hono-openapi";
import { passkeys } from "../../../../db/schema";
import { answer, errorAnswer, jsonAnswer } from "../../../platform/api-docs";
import { requireUser } from "../../../platform/auth-guard";
import { createRouter } from "../../../platform/hono";
import { clientIp } from "../../../platform/request";
import { validate } from "../../../platform/validate";
import { clientLabel } from "../client-label";
import { codeSchema, mfaStatusAnswer, secondFactorAnswer, totpConfirmedAnswer, totpEnrolmentAnswer } from "./responses";
import { confirmTotpEnrolment, proveWithCode, startTotpEnrolment, totpState } from "./totp";

const tooMany = errorAnswer("Too many codes tried for this account (Retry-After says when)");
const wrongCode = errorAnswer("Invalid request, or the code is wrong, expired or already used");

/** /api/auth/mfa: the signed-in person's second factor (decision 194). */
export const mfaRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "Read the signed-in person's second factors and the session's proof",
      responses: {
        200: jsonAnswer(mfaStatusAnswer, "What is set up, and whether this session proved a second factor"),
      },
    }),
    requireUser,
    async (c) => {
      const { db, user } = c.var;
      const state = await totpState(db, user.id);
      const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      return c.json(
        answer(mfaStatusAnswer, {
          totp: state.totp,
          recovery_codes_left: state.recoveryCodesLeft,
          passkeys: keys?.n ?? 0,
          second_factor: user.mfaMethod && user.mfaTime > 0 ? { method: user.mfaMethod, at: user.mfaTime } : null,
        }),
      );
    },
  )
  .post(
    "/totp/enroll",
    describeRoute({
      summary: "Start setting up an authenticator app: a new secret, shown once",
      responses: {
        200: jsonAnswer(totpEnrolmentAnswer, "The secret and its otpauth:// URI, to confirm with a code"),
        403: errorAnswer(
          "No recent proof: with a second factor set up, prove it first (code mfa_required) or again (reauth_required, after 10 minutes); a first app needs a sign-in in the last 10 minutes, made after the account became an admin for admins (reauth_required)",
        ),
      },
    }),
    requireUser,
    async (c) => {
      const { secret, uri } = await startTotpEnrolment(
        { db: c.var.db, config: c.var.config, kv: c.env.KV },
        c.var.user,
      );
      return c.json(answer(totpEnrolmentAnswer, { secret, otpauth_uri: uri }));
    },
  )
  .post(
    "/totp/confirm",
    describeRoute({
      summary: "Finish setting up an authenticator app with its first code (it replaces any earlier app)",
      responses: {
        200: jsonAnswer(
          totpConfirmedAnswer,
          "Set up: a session with the second factor, and 10 recovery codes shown once",
        ),
        400: wrongCode,
        409: errorAnswer("No set-up was started"),
        429: tooMany,
      },
    }),
    requireUser,
    validate("json", codeSchema),
    async (c) => {
      const result = await confirmTotpEnrolment(
        { db: c.var.db, config: c.var.config, kv: c.env.KV },
        c.var.user,
        c.req.valid("json").code,
        clientIp(c),
        clientLabel(c.req.header("User-Agent")),
      );
      return c.json(answer(totpConfirmedAnswer, { session: result.session, recovery_codes: result.recoveryCodes }));
    },
  )
  .post(
    "/totp",
    describeRoute({
      summary: "Prove the second factor with an authenticator code or a recovery code",
      responses: {
        200: jsonAnswer(secondFactorAnswer, "A new access token that carries the second factor"),
        400: wrongCode,
        409: errorAnswer("No authenticator app is set up for this account"),
        429: tooMany,
      },
    }),
    requireUser,
    validate("json", codeSchema),
    async (c) => {
      const session = await proveWithCode(
        { db: c.var.db, config: c.var.config, kv: c.env.KV },
        c.var.user,
        c.req.valid("json").code,
        clientIp(c),
      );
      return c.json(answer(secondFactorAnswer, { session }));
    },
  );
