import { securityAuditLog } from "../../db/schema";
import type { Db } from "./db";

/** Audit actions written by this codebase; other features may add their own strings. */
export type AuditAction =
  | "auth_success"
  | "auth_failure"
  | "sign_out"
  | "refresh_token_reuse"
  | "password_set"
  | "password_changed"
  | "sensitive_data_access"
  | "organizer_email_access"
  | "admin_submission_access"
  | "security_scan"
  | "security_cleanup"
  | (string & {});

/** The actions that count as sensitive-data access on the security dashboard (spec §7). */
export const SENSITIVE_ACTIONS = [
  "select",
  "sensitive_data_access",
  "organizer_email_access",
  "admin_submission_access",
] as const;

export type AuditEntry = {
  action: AuditAction;
  userId?: string | null;
  tableName?: string | null;
  ipAddress?: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
};

const toRow = (e: AuditEntry) => ({
  action: e.action,
  userId: e.userId ?? null,
  tableName: e.tableName ?? null,
  ipAddress: e.ipAddress ?? null,
  oldValues: e.oldValues ?? null,
  newValues: e.newValues ?? null,
});

/** Writes one security_audit_log row. Callers await it: an audit trail that can silently drop rows is not one. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(securityAuditLog).values(toRow(entry));
}

/** The insert statement, for callers that batch it with their own writes (`db.batch([...])`). */
export const auditStatement = (db: Db, entry: AuditEntry) => db.insert(securityAuditLog).values(toRow(entry));
