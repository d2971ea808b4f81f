import { z } from "zod";
import { ALERT_KINDS } from "./schemas";

/**
 * The answers of /api/admin/alerts and /api/admin/status (decision 179): the document's schemas and the
 * handlers' types. Server-only: schemas.ts names their shapes for the web (types only).
 */

export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  title: z.string(),
  subject: z.string(),
  details: z.string(),
  count: z.number().int().describe("How many times it was raised since it was opened"),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  emailed_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});

export const alertsAnswer = z.object({ alerts: z.array(alertSchema) });

export const acknowledgedAlertAnswer = z.object({ alert: alertSchema });

export const sourceHealthSchema = z.object({
  key: z.string(),
  name: z.string(),
  last_run_at: z.string().nullable(),
  last_status: z.enum(["running", "completed", "failed"]).nullable(),
  last_found: z.number().int().nullable(),
  consecutive_failures: z.number().int(),
});

const sendCounts = {
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
};

/** A campaign's status view (as GET /api/admin/email/campaigns answers it). */
const campaignStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(["weekly", "test", "welcome_test"]),
  action_id: z.string().nullable(),
  action_title: z.string().nullable(),
  status: z.enum(["pending", "sending", "completed", "failed"]),
  send_day: z.string().nullable().describe("The calendar day a scheduled send goes out on, in waves; null: immediate"),
  ...sendCounts,
  fanout_done: z.boolean(),
  error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  waves: z.array(z.object({ time_zone: z.string(), due_at: z.string(), ...sendCounts })),
});

export const systemStatusAnswer = z.object({
  build: z.object({ version: z.string(), commit: z.string(), builtAt: z.string().nullable() }),
  cron: z
    .object({
      last_tick_at: z.string(),
      cron: z.string(),
      outcome: z.enum(["ok", "error"]),
      duration_ms: z.number().int(),
    })
    .nullable()
    .describe("The last cron tick; null before the first"),
  weekly_send: campaignStatusSchema.nullable().describe("The newest weekly send; null before the first"),
  backlog: z.object({
    active_campaigns: z.number().int(),
    pending_deliveries: z.number().int(),
    running_ingestion: z.number().int(),
  }),
  sources: z.array(sourceHealthSchema),
  alerts: z.array(alertSchema).describe("Open alerts, newest first"),
});
