import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { SessionBody } from "#contract/auth/schemas";
import type { Locale } from "#contract/i18n/locales";
import { profiles, refreshTokens, sessions, users } from "../../../db/schema";
import { ACCESS_TOKEN_TTL_SECONDS, type AuthMethod, signAccessToken } from "../../platform/access-token";
import { writeAudit } from "../../platform/audit";
import type { Config } from "../../platform/config";
import { base64url, randomToken, sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";
import { unauthorized } from "../../platform/errors";
import { sessionSecondFactor } from "./mfa/session-factor";

export type { SessionBody };

export const REFRESH_TOKEN_TTL_DAYS = 30;
/** Absolute session lifetime, from sign-in: refreshing never extends a session past it. */
export const SESSION_MAX_AGE_DAYS = 30;

export type IssuedSession = {
  session: SessionBody;
  refreshToken: string;
  sessionId: string;
  /** Seconds the refresh token (and its cookie) stays valid: never past the session's absolute end. */
  refreshMaxAgeSeconds: number;
};

export type SessionRow = { id: string; createdAt: string; authMethod: AuthMethod | null };

const sessionEndsAt = (createdAt: string) => Date.parse(createdAt) + SESSION_MAX_AGE_DAYS * 86_400_000;

export type SessionUser = { id: string; email: string; role: "user" | "admin" };

/** Finds or creates the account (and its profile) for an email; the first sign-in creates it. */
export async function findOrCreateUser(db: Db, email: string, locale?: Locale): Promise<SessionUser> {
  const normalized = email.trim().toLowerCase();
  // Both inserts are idempotent, so a crash between them is healed by the next sign-in. A new account takes the
  // language it was made in (decision 275); an existing one keeps its own.
  await db
    .insert(users)
    .values({ email: normalized, ...(locale ? { locale } : {}) })
    .onConflictDoNothing();
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

/** When a refresh token issued now stops working: never past the session's absolute end. */
export const refreshExpiresAt = (session: Pick<SessionRow, "createdAt">, now: Date) =>
  Math.min(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000, sessionEndsAt(session.createdAt));

/**
 * Stores a refresh token of the session and signs its access token. The insert is idempotent: a
 * successor token is derived from its predecessor, so a raced refresh inserts the same row twice.
 */
async function issue(
  db: Db,
  config: Config,
  user: SessionUser,
  session: SessionRow,
  now: Date,
  refreshToken = randomToken(),
): Promise<IssuedSession> {
  const expiresAtMs = refreshExpiresAt(session, now);
  await db
    .insert(refreshTokens)
    .values({
      sessionId: session.id,
      tokenHash: await sha256Hex(refreshToken),
      expiresAt: new Date(expiresAtMs).toISOString(),
    })
    .onConflictDoNothing({ target: refreshTokens.tokenHash });
  return signSession(db, config, user, session, refreshToken, expiresAtMs, now);
}

/** The answer of a sign-in or refresh, for a refresh token already stored. */
export async function signSession(
  db: Db,
  config: Config,
  user: SessionUser,
  session: SessionRow,
  refreshToken: string,
  refreshExpiresAtMs: number,
  now: Date,
): Promise<IssuedSession> {
  const { token, expiresAt } = await signAccessToken(
    config,
    {
      sub: user.id,
      role: user.role,
      sid: session.id,
      email: user.email,
      authTime: Math.floor(Date.parse(session.createdAt) / 1000),
      authMethod: session.authMethod,
      ...(await sessionSecondFactor(db, session)),
    },
    now,
  );
  return {
    sessionId: session.id,
    refreshToken,
    refreshMaxAgeSeconds: Math.max(0, Math.floor((refreshExpiresAtMs - now.getTime()) / 1000)),
    session: {
      access_token: token,
      token_type: "bearer",
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: expiresAt,
      user: { id: user.id, email: user.email },
    },
  };
}

/** Opens a new session (a refresh-token family) for a user who just signed in by `method`. */
export async function createSession(
  db: Db,
  config: Config,
  user: SessionUser,
  method: AuthMethod,
  now: Date,
  // Required, so no sign-in method can open a nameless session (issue 42): `clientLabel(User-Agent)`.
  browser: string | null,
) {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      createdAt: now.toISOString(),
      authMethod: method,
      lastUsedAt: now.toISOString(),
      browser,
    })
    .returning({ id: sessions.id, createdAt: sessions.createdAt, authMethod: sessions.authMethod });
  if (!session) throw new Error("session insert failed");
  return issue(db, config, user, session, now);
}

/**
 * Revokes a session: its refresh tokens stop working and its access tokens are refused at once.
 * Returns the owner's id when this call revoked it (null if it was already revoked or unknown).
 */
export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<string | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

export { issue as issueSessionTokens };

/**
 * Parallel tabs may present the same refresh token within moments of each other; inside this window
 * the second one gets the same successor the first one got (the family never forks, decision 191).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
/** A session not refreshed for this long has ended (the access token lives 15 minutes, so any use refreshes). */
export const SESSION_IDLE_DAYS = 14;
/** last_used_at is written at most this often, so a busy session is not a write per refresh. */
export const LAST_USED_RESOLUTION_SECONDS = 300;

const sessionEnded = () => unauthorized("Your session has ended. Please sign in again.");

const encoder = new TextEncoder();

/**
 * The token that replaces `token`: HMAC(JWT_SECRET, token), so a second presentation inside the grace
 * window re-derives the successor the first one was given, without storing any token in the clear.
 * Only the server can derive it; the chain starts from a random token at sign-in.
 */
export async function successorToken(config: Config, token: string): Promise<string> {
  const secret = config.JWT_SECRET;
  if (!secret || secret.length < 32) throw new Error("JWT_SECRET is missing or shorter than 32 characters");
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`refresh-successor:${token}`))));
}

/**
 * Rotates a refresh token: the presented one is marked used (one conditional UPDATE, so it can win
 * only once) and its derived successor is stored in the same session. Presenting an already-used token
 * inside the grace window answers that same successor; after it, the token was copied: the whole
 * session (the token family) is revoked. A session idle for SESSION_IDLE_DAYS ends.
 */
export async function rotateRefreshToken(
  db: Db,
  config: Config,
  refreshToken: string,
  now = new Date(),
  browser: string | null = null,
): Promise<IssuedSession & { reused: boolean }> {
  const nowIso = now.toISOString();
  const tokenHash = await sha256Hex(refreshToken);
  const [fresh] = await db
    .update(refreshTokens)
    .set({ usedAt: nowIso })
    .where(
      and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, nowIso)),
    )
    .returning({ sessionId: refreshTokens.sessionId });

  let sessionId = fresh?.sessionId;
  if (!sessionId) {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (!row?.usedAt || row.expiresAt <= nowIso) throw sessionEnded();
    const usedSeconds = (now.getTime() - Date.parse(row.usedAt)) / 1000;
    if (usedSeconds > REFRESH_REUSE_GRACE_SECONDS) {
      const userId = await revokeSession(db, row.sessionId, "refresh_token_reuse");
      await writeAudit(db, {
        action: "refresh_token_reuse",
        userId,
        tableName: "refresh_tokens",
        newValues: { session_id: row.sessionId, first_used_at: row.usedAt, timestamp: nowIso },
      });
      throw sessionEnded();
    }
    sessionId = row.sessionId;
  }

  const [owner] = await db
    .select({
      id: users.id,
      email: users.email,
      role: profiles.role,
      revokedAt: sessions.revokedAt,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      authMethod: sessions.authMethod,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!owner || owner.revokedAt) throw sessionEnded();
  if (sessionEndsAt(owner.createdAt) <= now.getTime()) {
    await revokeSession(db, sessionId, "session_lifetime");
    throw sessionEnded();
  }
  if (Date.parse(owner.lastUsedAt ?? owner.createdAt) + SESSION_IDLE_DAYS * 86_400_000 <= now.getTime()) {
    await revokeSession(db, sessionId, "idle");
    throw sessionEnded();
  }
  await touchSession(db, sessionId, now, browser);
  const issued = await issue(
    db,
    config,
    { id: owner.id, email: owner.email, role: owner.role },
    { id: sessionId, createdAt: owner.createdAt, authMethod: owner.authMethod },
    now,
    await successorToken(config, refreshToken),
  );
  return { ...issued, reused: !fresh };
}

/** Records a refresh as the session's last use, at most every LAST_USED_RESOLUTION_SECONDS. */
async function touchSession(db: Db, sessionId: string, now: Date, browser: string | null) {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_SECONDS * 1000).toISOString();
  await db
    .update(sessions)
    .set({ lastUsedAt: now.toISOString(), ...(browser ? { browser } : {}) })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastUsedAt), lt(sessions.lastUsedAt, staleBefore))));
}

/** The session a refresh token belongs to (used by sign-out, which must work even with an expired access token). */
export async function sessionOfRefreshToken(db: Db, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256Hex(refreshToken)))
    .limit(1);
  return row?.sessionId ?? null;
}

/**
 * Ends every session of a user except one (after a password change, other devices must sign in again).
 * A statement, so a caller can batch it with the change that ends them.
 */
export function revokeOtherSessions(db: Db, userId: string, keepSessionId: string, reason: string) {
  return db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}
