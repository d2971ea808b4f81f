// Response shapes of /api/admin/alerts and /api/admin/status (types only, shared with the web).
import type { z } from "zod";
import type { alertSchema, sourceHealthSchema, systemStatusAnswer } from "./responses";

export const ALERT_KINDS = [
  "weekly_send_overdue",
  "campaign_failures",
  "campaign_stalled",
  "dead_letter",
  "source_failing",
  "source_empty",
  "security_finding",
  "error_rate",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The headline of each kind, used in the alert email's subject and on the dashboard. */
export const ALERT_TITLES: Record<AlertKind, string> = {
  weekly_send_overdue: "Weekly send has not started",
  campaign_failures: "Weekly send ended with failures",
  campaign_stalled: "Weekly send stalled",
  dead_letter: "Messages in a dead-letter queue",
  source_failing: "Event source keeps failing",
  source_empty: "Event source returned nothing",
  security_finding: "Security scan found a high-severity issue",
  error_rate: "Many server errors",
};

export type Alert = z.output<typeof alertSchema>;

export type SourceHealth = z.output<typeof sourceHealthSchema>;

export type SystemStatus = z.output<typeof systemStatusAnswer>;
