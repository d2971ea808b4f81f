import { z } from "zod";
import { FIELD_MAX, isEmail } from "../../platform/field-rules";

/**
 * Admin email tools: request bodies shared by the admin screens and /api/admin/email. Only zod and
 * pure code here — the web bundle imports this file.
 */
export const EMAIL_SETTINGS_KEY = "email_settings";

export type EmailSettings = {
  welcome_enabled: boolean;
  welcome_subject: string;
  welcome_preview_text: string;
};

/** Spec §3 defaults, used until an admin saves the record. */
export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  welcome_enabled: true,
  welcome_subject: "Welcome to Earthkind — here's what to expect",
  welcome_preview_text: "Join thousands taking weekly climate action",
};

export const emailSettingsSchema = z.object({
  welcome_enabled: z.boolean({ error: "Choose whether to send the welcome email" }),
  welcome_subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(200, "Subject must be 200 characters or less"),
  welcome_preview_text: z
    .string({ error: "Preview text must be text" })
    .trim()
    .max(200, "Preview text must be 200 characters or less"),
});

export const EMAIL_REQUIRED_MESSAGE = "Please enter an email address";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address.";

const recipientEmail = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(FIELD_MAX.email, EMAIL_INVALID_MESSAGE)
  .refine(isEmail, EMAIL_INVALID_MESSAGE);

/** 'current' (or nothing) means the current action, as in the test dialog's choice. */
const actionChoice = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => (!v || v === "current" ? undefined : v));

export const testSendSchema = z.object({ email: recipientEmail, action_id: actionChoice });
export const welcomeTestSchema = z.object({
  email: recipientEmail,
  first_name: z.string().trim().max(50, "Name must be 50 characters or less").optional(),
});
export const weeklySendSchema = z.object({ action_id: actionChoice });

/** GET /api/admin/email/suppressions?q= — part of an address, case-insensitive. */
export const suppressionSearchSchema = z.object({
  q: z.string().max(FIELD_MAX.email, "Search is too long").optional(),
});

/** One time zone's wave of a scheduled weekly campaign (09:00 there on the send day). */
export type WaveStatus = {
  time_zone: string;
  due_at: string;
  recipients: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
};

/** GET /api/admin/email/campaigns row: the status view. */
export type CampaignStatus = {
  id: string;
  kind: "weekly" | "test" | "welcome_test";
  action_id: string | null;
  action_title: string | null;
  status: "pending" | "sending" | "completed" | "failed";
  /** The calendar day a scheduled campaign goes out on, in waves; null for an immediate send. */
  send_day: string | null;
  recipients: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  fanout_done: boolean;
  error: string | null;
  created_at: string;
  completed_at: string | null;
  waves: WaveStatus[];
};

export type SuppressionReason = "hard_bounce" | "complaint" | "soft_bounce";
export type SuppressionRow = { id: string; email: string; reason: SuppressionReason; created_at: string };
/** GET /api/admin/email/suppressions: counts by reason and the newest matching entries. */
export type SuppressionList = {
  counts: Record<SuppressionReason, number>;
  total: number;
  items: SuppressionRow[];
};
