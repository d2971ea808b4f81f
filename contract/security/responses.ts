import { z } from "zod";
import { SEVERITIES } from "./schemas";

/** The answers of /api/admin/security (decision 179): the document's schemas and the handlers' types. */
export const findingSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    severity: z.enum(SEVERITIES),
    category: z.string(),
    remediation: z.string(),
    affected_table: z.string().optional(),
  })
  .meta({ id: "SecurityFinding" });

export const scanAnswer = z.object({
  findings: z.array(findingSchema),
  scanned_at: z.string(),
  probed_routes: z.array(z.string()),
});

export const cleanupAnswer = z.object({
  audit_logs: z.number().int(),
  event_submissions: z.number().int(),
  count: z.number().int(),
  cutoff: z.string(),
});

/** What the audit row recorded (request facts, targets): each writer's own keys. */
const auditValues = z.record(z.string(), z.unknown()).nullable();

export const auditLogEntrySchema = z
  .object({
    id: z.string(),
    user_id: z.string().nullable(),
    user_email: z.string().nullable(),
    action: z.string(),
    table_name: z.string().nullable(),
    ip_address: z.string().nullable(),
    old_values: auditValues,
    new_values: auditValues,
    created_at: z.string(),
  })
  .meta({ id: "AuditLogEntry" });

export const roleChangeEntrySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  user_email: z.string().nullable(),
  changed_by: z.string().nullable(),
  changed_by_email: z.string().nullable(),
  old_role: z.string().nullable(),
  new_role: z.string(),
  created_at: z.string(),
});

export const securitySummarySchema = z.object({
  events_24h: z.number().int(),
  auth_failures_24h: z.number().int(),
  auth_successes_24h: z.number().int(),
  sensitive_access_7d: z.number().int(),
});

export const securityLogsAnswer = z.object({
  summary: securitySummarySchema,
  logs: z.array(auditLogEntrySchema),
  sensitive_access: z.array(auditLogEntrySchema),
  auth_failures: z.array(auditLogEntrySchema),
  role_changes: z.array(roleChangeEntrySchema),
});

export const adminActivitySchema = z.object({
  admin_user_id: z.string(),
  admin_email: z.string(),
  recent_sensitive_access_count: z.number().int(),
  last_access: z.string().nullable(),
});

export const adminActivityAnswer = z.object({ activity: z.array(adminActivitySchema) });
