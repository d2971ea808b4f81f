import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { SessionListBody } from "#contract/auth/responses";
import { sessions } from "../../../db/schema";
import { writeAudit } from "../../platform/audit";
import type { Db } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { revokeOtherSessions, revokeSession, SESSION_IDLE_DAYS, SESSION_MAX_AGE_DAYS } from "./sessions";

/** Live: not revoked, within the absolute lifetime, refreshed within the idle window (decision 191). */
const live = (userId: string, now: Date) => {
  const bornAfter = new Date(now.getTime() - SESSION_MAX_AGE_DAYS * 86_400_000).toISOString();
  const usedAfter = new Date(now.getTime() - SESSION_IDLE_DAYS * 86_400_000).toISOString();
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.createdAt, bornAfter),
    gt(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`, usedAfter),
  );
};

/** The member's live sessions, most recently used first; `current` marks the caller's own. */
export async function listSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  now = new Date(),
): Promise<SessionListBody> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      method: sessions.authMethod,
      browser: sessions.browser,
    })
    .from(sessions)
    .where(live(userId, now))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.createdAt))
    .limit(100);
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt,
      last_used_at: r.lastUsedAt ?? r.createdAt,
      method: r.method,
      browser: r.browser,
      current: r.id === currentSessionId,
    })),
  };
}

const auditEnded = (db: Db, userId: string, ended: string[], ip: string | null) =>
  writeAudit(db, {
    action: "sign_out",
    userId,
    tableName: "sessions",
    ipAddress: ip,
    newValues: { sessions: ended, reason: "ended_by_owner", timestamp: new Date().toISOString() },
  });

/** Ends one of the member's sessions; another member's (or an unknown, or an ended) one is a 404. */
export async function endSession(db: Db, userId: string, sessionId: string, ip: string | null): Promise<void> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row || (await revokeSession(db, sessionId, "ended_by_owner")) === null) throw notFound("Session not found");
  await auditEnded(db, userId, [sessionId], ip);
}

/** "Sign out everywhere else": every live session but the caller's. Returns how many were ended. */
export async function endOtherSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
  ip: string | null,
): Promise<number> {
  const ended = await revokeOtherSessions(db, userId, currentSessionId, "ended_by_owner").returning({
    id: sessions.id,
  });
  if (ended.length > 0)
    await auditEnded(
      db,
      userId,
      ended.map((e) => e.id),
      ip,
    );
  return ended.length;
}
