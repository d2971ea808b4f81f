import { z } from "zod";
import { LOCALES } from "../i18n/locales";
import { FIELD_MAX } from "../platform/field-rules";
import { calendarDate, email } from "../platform/rule-schemas";
import type {
  campaignStatusSchema,
  emailSettingsValue,
  suppressionListAnswer,
  suppressionRowSchema,
  waveStatusSchema,
} from "./responses";

/**
 * Admin email tools: request bodies shared by the admin screens and /api/admin/email. Only zod and
 * pure code here — the web bundle imports this file.
 */
export const EMAIL_SETTINGS_KEY = "email_settings";

/** The ledger's enumerations (db/schema/email.ts), for the answers' schemas and the admin screens. */
export const CAMPAIGN_KINDS = ["weekly", "test", "welcome_test"] as const;
export const CAMPAIGN_STATUSES = ["pending", "sending", "completed", "failed"] as const;
export const DELIVERY_STATUSES = ["pending", "sent", "failed", "skipped", "suppressed"] as const;
export const SUPPRESSION_REASONS = ["hard_bounce", "complaint", "soft_bounce"] as const;

export type EmailSettings = z.output<typeof emailSettingsValue>;

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
  .apply(email(EMAIL_INVALID_MESSAGE));

/** 'current' (or nothing) means the current action, as in the test dialog's choice. */
const actionChoice = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => (!v || v === "current" ? undefined : v));

/** `lang` sends the email a reader of that language gets; without it, the addressee's language (English if none). */
export const testSendSchema = z.object({
  email: recipientEmail,
  action_id: actionChoice,
  lang: z.enum(LOCALES, { error: "lang must be en or es" }).optional(),
});
export const welcomeTestSchema = z.object({
  email: recipientEmail,
  first_name: z.string().trim().max(50, "Name must be 50 characters or less").optional(),
});
export const weeklySendSchema = z.object({ action_id: actionChoice });

const planDate = z.string().apply(calendarDate("Dates must be YYYY-MM-DD")).optional();

/** GET /api/admin/email/send-plan?start_date=&end_date= — an action's dates, as the form holds them. */
export const sendPlanQuerySchema = z.object({ start_date: planDate, end_date: planDate });

/** GET /api/admin/email/suppressions?q= — part of an address, case-insensitive. */
export const suppressionSearchSchema = z.object({
  q: z.string().max(FIELD_MAX.email, "Search is too long").optional(),
});

// The answers' types, from their schemas in ./responses.ts (type-only: the web bundle imports this file).
export type WaveStatus = z.output<typeof waveStatusSchema>;
/** GET /api/admin/email/campaigns row: the status view. */
export type CampaignStatus = z.output<typeof campaignStatusSchema>;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export type SuppressionRow = z.output<typeof suppressionRowSchema>;
/** GET /api/admin/email/suppressions: counts by reason and the newest matching entries. */
export type SuppressionList = z.output<typeof suppressionListAnswer>;
