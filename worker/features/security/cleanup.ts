import { and, inArray, lt, sql } from "drizzle-orm";
import { type CleanupResult, RETENTION_DAYS } from "#contract/security/schemas";
import { eventSubmissions, securityAuditLog } from "../../../db/schema";
import type { Db } from "../../platform/db";

export { RETENTION_DAYS };

/** Deletes audit rows and approved/rejected event submissions older than the retention period. */
export async function cleanupOldData(db: Db, now = new Date()): Promise<CleanupResult> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 86_400_000).toISOString();
  const [audit, submissions] = await db.batch([
    db.delete(securityAuditLog).where(lt(securityAuditLog.createdAt, cutoff)),
    db.delete(eventSubmissions).where(
      and(
        inArray(eventSubmissions.status, ["approved", "rejected"]),
        // Retention runs from the review, so a long-pending submission is not deleted the day it is decided.
        sql`coalesce(${eventSubmissions.reviewedAt}, ${eventSubmissions.createdAt}) < ${cutoff}`,
      ),
    ),
  ]);
  const auditLogs = audit.meta.changes ?? 0;
  const eventSubs = submissions.meta.changes ?? 0;
  return { audit_logs: auditLogs, event_submissions: eventSubs, count: auditLogs + eventSubs, cutoff };
}
