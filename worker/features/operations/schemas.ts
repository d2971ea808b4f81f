// Response shapes of /api/admin/alerts and /api/admin/status (types only, shared with the web).
import type { BuildInfo } from "../../platform/build-info";
import type { CampaignStatus } from "../email/schemas";

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

export type Alert = {
  id: string;
  kind: AlertKind;
  title: string;
  subject: string;
  details: string;
  count: number;
  first_seen_at: string;
  last_seen_at: string;
  emailed_at: string | null;
  acknowledged_at: string | null;
};

export type SourceHealth = {
  key: string;
  name: string;
  last_run_at: string | null;
  last_status: "running" | "completed" | "failed" | null;
  last_found: number | null;
  consecutive_failures: number;
};

export type SystemStatus = {
  build: BuildInfo;
  cron: { last_tick_at: string; cron: string; outcome: "ok" | "error"; duration_ms: number } | null;
  weekly_send: CampaignStatus | null;
  backlog: { active_campaigns: number; pending_deliveries: number; running_ingestion: number };
  sources: SourceHealth[];
  alerts: Alert[];
};
