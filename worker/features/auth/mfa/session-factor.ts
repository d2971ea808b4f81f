import { eq } from "drizzle-orm";
import type { SessionBody } from "#contract/auth/schemas";
import { sessions } from "../../../../db/schema";
import { ACCESS_TOKEN_TTL_SECONDS, type SecondFactor, signAccessToken } from "../../../platform/access-token";
import type { Config } from "../../../platform/config";
import type { Db } from "../../../platform/db";
import type { AuthUser } from "../../../platform/hono";

export type SessionFactor = { mfaTime: number; mfaMethod: SecondFactor | null };

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The second factor a session carries into its access tokens (decision 194). A passkey sign-in is
 * one by itself (possession plus user verification), from the moment it signed in; any other session
 * has one once it proved a code, recorded on its row so refreshed tokens keep it.
 */
export async function sessionSecondFactor(
  db: Db,
  session: { id: string; createdAt: string; authMethod: string | null },
): Promise<SessionFactor> {
  const [row] = await db
    .select({ mfaMethod: sessions.mfaMethod, mfaAt: sessions.mfaAt })
    .from(sessions)
    .where(eq(sessions.id, session.id))
    .limit(1);
  if (row?.mfaMethod && row.mfaAt) return { mfaTime: seconds(row.mfaAt), mfaMethod: row.mfaMethod };
  if (session.authMethod === "passkey") return { mfaTime: seconds(session.createdAt), mfaMethod: "passkey" };
  return { mfaTime: 0, mfaMethod: null };
}

/**
 * Records a second factor proved in the caller's session and answers a new access token that carries
 * it; the refresh cookie is unchanged (the next refresh reads the factor from the session row).
 */
export async function proveSecondFactor(
  db: Db,
  config: Config,
  user: AuthUser,
  method: SecondFactor,
  now = new Date(),
): Promise<SessionBody> {
  await db.update(sessions).set({ mfaMethod: method, mfaAt: now.toISOString() }).where(eq(sessions.id, user.sessionId));
  const { token, expiresAt } = await signAccessToken(
    config,
    {
      sub: user.id,
      role: user.role,
      sid: user.sessionId,
      email: user.email,
      authTime: user.authTime,
      authMethod: user.authMethod,
      mfaTime: Math.floor(now.getTime() / 1000),
      mfaMethod: method,
    },
    now,
  );
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    user: { id: user.id, email: user.email },
  };
}
