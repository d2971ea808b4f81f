// Response shapes of /api/admin/security, shared with the web dashboard: the types are the schemas' in
// ./responses.ts (a type-only import, so this file stays zod-free at run time).
import type { z } from "zod";
import type {
  adminActivitySchema,
  auditLogEntrySchema,
  cleanupAnswer,
  findingSchema,
  roleChangeEntrySchema,
  scanAnswer,
  securityLogsAnswer,
  securitySummarySchema,
} from "./responses";

export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The spec's scan finding. */
export type Finding = z.output<typeof findingSchema>;

export const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

export type ScanResult = z.output<typeof scanAnswer>;
export type CleanupResult = z.output<typeof cleanupAnswer>;
export type AuditLogEntry = z.output<typeof auditLogEntrySchema>;
export type RoleChangeEntry = z.output<typeof roleChangeEntrySchema>;
export type SecuritySummary = z.output<typeof securitySummarySchema>;
export type SecurityLogs = z.output<typeof securityLogsAnswer>;
export type AdminActivity = z.output<typeof adminActivitySchema>;

/** Spec §9: an admin with more than 50 sensitive accesses in 7 days is 'High Activity', more than 10 is elevated. */
export const HIGH_ACTIVITY_THRESHOLD = 50;
export const ELEVATED_ACTIVITY_THRESHOLD = 10;
/** The dashboard's sensitive-access card shows the first 5 of the 20 loaded. */
export const SENSITIVE_PREVIEW_COUNT = 5;

// Zod-free, for the About page's privacy section: see ./retention.ts.
export { RETENTION_DAYS } from "./retention";
