import { and, eq, isNull, sql } from "drizzle-orm";
import { profiles, refreshTokens, sessions, users } from "../../../db/schema";
import type { Config } from "../../platform/config";
import { randomToken, sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "./access-token";

export const REFRESH_TOKEN_TTL_DAYS = 30;

/** The spec's Session entity; the refresh token travels only in its HttpOnly cookie. */
export type SessionBody = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  user: { id: string; email: string };
};

export type IssuedSession = { session: SessionBody; refreshToken: string; sessionId: string };

export type SessionUser = { id: string; email: string; role: "user" | "admin" };

/** Finds or creates the account (and its profile) for an email; the first sign-in creates it. */
export async function findOrCreateUser(db: Db, email: string): Promise<SessionUser> {
  const normalized = email.trim().toLowerCase();
  // Both inserts are idempotent, so a crash between them is healed by the next sign-in.
  await db.insert(users).values({ email: normalized }).onConflictDoNothing();
  await db.run(
    sql`INSERT INTO profiles (id, user_id, email) SELECT ${crypto.randomUUID()}, id, email FROM users WHERE email = ${normalized} ON CONFLICT(user_id) DO NOTHING`,
  );
  const [row] = await db
    .select({ id: users.id, email: users.email, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.email, normalized))
    .limit(1);
  if (!row) throw new Error("account creation failed");
  return row;
}

async function issue(db: Db, config: Config, user: SessionUser, sessionId: string, now: Date): Promise<IssuedSession> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: await sha256Hex(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000).toISOString(),
  });
  const { token, expiresAt } = await signAccessToken(
    config,
    { sub: user.id, role: user.role, sid: sessionId, email: user.email },
    now,
  );
  return {
    sessionId,
    refreshToken,
    session: {
      access_token: token,
      token_type: "bearer",
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      user: { id: user.id, email: user.email },
    },
  };
}

/** Opens a new session (a refresh-token family) for a signed-in user. */
export async function createSession(db: Db, config: Config, user: SessionUser, now = new Date()) {
  const [session] = await db.insert(sessions).values({ userId: user.id }).returning({ id: sessions.id });
  if (!session) throw new Error("session insert failed");
  return issue(db, config, user, session.id, now);
}

/** Revokes a session: its refresh tokens stop working and its access tokens are refused at once. */
export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export { issue as issueSessionTokens };
