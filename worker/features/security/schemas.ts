// Response shapes of /api/admin/security (types only, shared with the web dashboard).

export type Severity = "critical" | "high" | "medium" | "low" | "info";

/** The spec's scan finding. */
export type Finding = {
  id: string;
  title: string;
  description: string;
  severity: Severity;
  category: string;
  remediation: string;
  affected_table?: string;
};

export const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

export type ScanResult = { findings: Finding[]; scanned_at: string; probed_routes: string[] };

export type CleanupResult = { audit_logs: number; event_submissions: number; count: number; cutoff: string };

export type AuditLogEntry = {
  id: string;
  user_id: string | null;
  user_email: string | null;
  action: string;
  table_name: string | null;
  ip_address: string | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  created_at: string;
};

export type RoleChangeEntry = {
  id: string;
  user_id: string;
  user_email: string | null;
  changed_by: string | null;
  changed_by_email: string | null;
  old_role: string | null;
  new_role: string;
  created_at: string;
};

export type SecuritySummary = {
  events_24h: number;
  auth_failures_24h: number;
  auth_successes_24h: number;
  sensitive_access_7d: number;
};

export type SecurityLogs = {
  summary: SecuritySummary;
  logs: AuditLogEntry[];
  sensitive_access: AuditLogEntry[];
  auth_failures: AuditLogEntry[];
  role_changes: RoleChangeEntry[];
};

export type AdminActivity = {
  admin_user_id: string;
  admin_email: string;
  recent_sensitive_access_count: number;
  last_access: string | null;
};

/** Spec §9: an admin with more than 50 sensitive accesses in 7 days is 'High Activity', more than 10 is elevated. */
export const HIGH_ACTIVITY_THRESHOLD = 50;
export const ELEVATED_ACTIVITY_THRESHOLD = 10;
/** The dashboard's sensitive-access card shows the first 5 of the 20 loaded. */
export const SENSITIVE_PREVIEW_COUNT = 5;

// Zod-free, for the About page's privacy section: see ./retention.ts.
export { RETENTION_DAYS } from "./retention";
