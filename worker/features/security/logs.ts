import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { AdminActivity, SecurityLogs } from "#contract/security/schemas";
import { profileAuditLog, profiles, securityAuditLog } from "../../../db/schema";
import { SENSITIVE_ACTIONS } from "../../platform/audit";
import { type Db, newestFirst } from "../../platform/db";

/** The spec's dashboard limits (§9). */
export const LOG_LIMITS = { logs: 50, sensitive: 20, authFailures: 10, roleChanges: 20 } as const;
export const AUTH_FAILURE_WINDOW_HOURS = 24;
export const ADMIN_ACTIVITY_WINDOW_DAYS = 7;

const entryColumns = {
  id: securityAuditLog.id,
  user_id: securityAuditLog.userId,
  user_email: profiles.email,
  action: securityAuditLog.action,
  table_name: securityAuditLog.tableName,
  ip_address: securityAuditLog.ipAddress,
  old_values: securityAuditLog.oldValues,
  new_values: securityAuditLog.newValues,
  created_at: securityAuditLog.createdAt,
};

/** Every list the dashboard shows, read in one D1 batch; each is bounded and served by an index. */
export async function readSecurityLogs(db: Db, now = new Date()): Promise<SecurityLogs> {
  const dayAgo = new Date(now.getTime() - AUTH_FAILURE_WINDOW_HOURS * 3_600_000).toISOString();
  const weekAgo = new Date(now.getTime() - ADMIN_ACTIVITY_WINDOW_DAYS * 86_400_000).toISOString();
  const entries = () =>
    db.select(entryColumns).from(securityAuditLog).leftJoin(profiles, eq(profiles.userId, securityAuditLog.userId));
  const changer = alias(profiles, "changer");
  const subject = alias(profiles, "subject");
  const count = (where: ReturnType<typeof and>) =>
    db.select({ n: sql<number>`count(*)` }).from(securityAuditLog).where(where);

  const [logs, sensitive, failures, roleChanges, events, failureCount, successCount, sensitiveCount] = await db.batch([
    entries()
      .orderBy(...newestFirst(securityAuditLog, securityAuditLog.createdAt))
      .limit(LOG_LIMITS.logs),
    entries()
      .where(inArray(securityAuditLog.action, [...SENSITIVE_ACTIONS]))
      .orderBy(...newestFirst(securityAuditLog, securityAuditLog.createdAt))
      .limit(LOG_LIMITS.sensitive),
    entries()
      .where(and(eq(securityAuditLog.action, "auth_failure"), gte(securityAuditLog.createdAt, dayAgo)))
      .orderBy(...newestFirst(securityAuditLog, securityAuditLog.createdAt))
      .limit(LOG_LIMITS.authFailures),
    db
      .select({
        id: profileAuditLog.id,
        user_id: profileAuditLog.userId,
        // Aliased: D1 batches return rows keyed by column name, and both joins have an `email`.
        user_email: sql<string | null>`${subject.email}`.as("user_email"),
        changed_by: profileAuditLog.changedBy,
        changed_by_email: sql<string | null>`${changer.email}`.as("changed_by_email"),
        old_role: profileAuditLog.oldRole,
        new_role: profileAuditLog.newRole,
        created_at: profileAuditLog.createdAt,
      })
      .from(profileAuditLog)
      .leftJoin(subject, eq(subject.userId, profileAuditLog.userId))
      .leftJoin(changer, eq(changer.userId, profileAuditLog.changedBy))
      .orderBy(...newestFirst(profileAuditLog, profileAuditLog.createdAt))
      .limit(LOG_LIMITS.roleChanges),
    count(and(gte(securityAuditLog.createdAt, dayAgo))),
    count(and(eq(securityAuditLog.action, "auth_failure"), gte(securityAuditLog.createdAt, dayAgo))),
    count(and(eq(securityAuditLog.action, "auth_success"), gte(securityAuditLog.createdAt, dayAgo))),
    count(and(inArray(securityAuditLog.action, [...SENSITIVE_ACTIONS]), gte(securityAuditLog.createdAt, weekAgo))),
  ]);
  return {
    summary: {
      events_24h: events[0]?.n ?? 0,
      auth_failures_24h: failureCount[0]?.n ?? 0,
      auth_successes_24h: successCount[0]?.n ?? 0,
      sensitive_access_7d: sensitiveCount[0]?.n ?? 0,
    },
    logs,
    sensitive_access: sensitive,
    auth_failures: failures,
    role_changes: roleChanges,
  };
}

/**
 * Sensitive-data accesses per admin over the last 7 days (the spec's get_admin_activity_summary).
 * Aggregated from the (action, created_at) index, then joined to the profile by its unique user_id.
 */
export async function readAdminActivity(db: Db, now = new Date()): Promise<AdminActivity[]> {
  const since = new Date(now.getTime() - ADMIN_ACTIVITY_WINDOW_DAYS * 86_400_000).toISOString();
  const n = sql<number>`count(*)`;
  return db
    .select({
      admin_user_id: profiles.userId,
      admin_email: profiles.email,
      recent_sensitive_access_count: n,
      last_access: sql<string | null>`max(${securityAuditLog.createdAt})`,
    })
    .from(securityAuditLog)
    .innerJoin(profiles, and(eq(profiles.userId, securityAuditLog.userId), eq(profiles.role, "admin")))
    .where(and(inArray(securityAuditLog.action, [...SENSITIVE_ACTIONS]), gte(securityAuditLog.createdAt, since)))
    .groupBy(profiles.userId)
    .orderBy(desc(n))
    .limit(100);
}
