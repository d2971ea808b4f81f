import { eq } from "drizzle-orm";
import { profiles, users } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { badRequest, notFound } from "../../platform/errors";
import type { AuthUser } from "../../platform/hono";
import { hashPassword } from "../../platform/password";
import { auditStatement } from "../security/audit";
import { AUTH_MESSAGES, type MeBody, passwordEqualsEmail } from "./schemas";
import { revokeOtherSessions } from "./sessions";

export async function readMe(db: Db, userId: string): Promise<MeBody> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      createdAt: users.createdAt,
      role: profiles.role,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound("Profile not found");
  return {
    user: { id: row.id, email: row.email, has_password: row.passwordHash !== null, created_at: row.createdAt },
    profile: { role: row.role },
  };
}

/**
 * Sets or changes the signed-in user's password. The session itself is the proof of identity, which
 * is what makes "password reset is a magic link" work; every other session is ended so a device
 * that knew the old password is signed out.
 */
export async function setPassword(db: Db, user: AuthUser, password: string, ip: string | null): Promise<void> {
  if (passwordEqualsEmail(password, user.email)) throw badRequest(AUTH_MESSAGES.passwordIsEmail);
  const [current] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (!current) throw notFound("Profile not found");
  const now = new Date().toISOString();
  const hash = await hashPassword(password);
  await db.batch([
    db.update(users).set({ passwordHash: hash, updatedAt: now }).where(eq(users.id, user.id)),
    auditStatement(db, {
      action: current.passwordHash ? "password_changed" : "password_set",
      userId: user.id,
      tableName: "users",
      ipAddress: ip,
      newValues: { timestamp: now },
    }),
  ]);
  await revokeOtherSessions(db, user.id, user.sessionId, "password_changed");
}
