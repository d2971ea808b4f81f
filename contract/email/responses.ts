import { z } from "zod";
import { CAMPAIGN_KINDS, CAMPAIGN_STATUSES, SUPPRESSION_REASONS } from "./schemas";

/** The answers of /api/admin/email and the mail webhooks (decision 179): the document's schemas and the handlers' types. */
const mailProvider = z.enum(["outbox", "resend", "postmark"]);

export const emailConfigAnswer = z.object({
  missing_vars: z.array(z.string()),
  provider: mailProvider,
  config_errors: z.array(z.string()),
  /** What is off on purpose in development (bot protection without keys), shown quietly (decision 184). */
  config_notices: z.array(z.string()),
});

export const providerCheckAnswer = z.object({ ok: z.boolean(), provider: mailProvider, details: z.string() });

export const emailSettingsValue = z.object({
  welcome_enabled: z.boolean(),
  welcome_subject: z.string(),
  welcome_preview_text: z.string(),
});

export const emailSettingsAnswer = z.object({ settings: emailSettingsValue });

export const welcomeTestAnswer = z.union([
  z.object({ skipped: z.literal(true), message: z.string() }),
  z.object({ ok: z.literal(true), campaign_id: z.string() }),
]);

export const testSendAnswer = z.object({ ok: z.literal(true), campaign_id: z.string() });

export const weeklySendAnswer = z.object({ success: z.literal(true), message: z.string(), campaign_id: z.string() });

/** GET /api/admin/email/weekly-send: what "Send Weekly Email Now" would send, and whether it went (decision 232). */
export const weeklySendStateAnswer = z.object({
  action: z.object({ id: z.string(), title: z.string() }).nullable(),
  sent: z
    .object({
      /** When the campaign was opened (the button's "Sent on …"). */
      at: z.string(),
      status: z.enum(CAMPAIGN_STATUSES),
      recipients: z.number().int(),
      /** A scheduled send, going out at 09:00 in each zone. */
      in_waves: z.boolean(),
    })
    .nullable(),
  active_subscribers: z.number().int(),
});
export type WeeklySendState = z.infer<typeof weeklySendStateAnswer>;

/** GET /api/admin/email/send-plan: when an action with these dates would be emailed, and to how many. */
export const sendPlanAnswer = z.object({
  /** The site's calendar day (SITE_TIMEZONE). */
  today: z.string(),
  /** The first Monday of the run (09:00 in each subscriber's zone); null without a start date. */
  send_day: z.string().nullable(),
  /** The run's last day: a wave not sent by its end is not sent late. */
  last_day: z.string().nullable(),
  active_subscribers: z.number().int(),
});
export type SendPlan = z.infer<typeof sendPlanAnswer>;

export const suppressionRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  created_at: z.string(),
});

/** Counts by reason and the newest matching entries. */
export const suppressionListAnswer = z.object({
  counts: z.object({
    hard_bounce: z.number().int(),
    complaint: z.number().int(),
    soft_bounce: z.number().int(),
  }),
  total: z.number().int(),
  items: z.array(suppressionRowSchema),
});

export const suppressionRemovedAnswer = z.object({ ok: z.literal(true), message: z.string() });

/** One time zone's wave of a scheduled weekly campaign (09:00 there on the send day). */
export const waveStatusSchema = z.object({
  time_zone: z.string(),
  due_at: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
});

/** A campaign's status view. */
export const campaignStatusSchema = z
  .object({
    id: z.string(),
    kind: z.enum(CAMPAIGN_KINDS),
    action_id: z.string().nullable(),
    action_title: z.string().nullable(),
    status: z.enum(CAMPAIGN_STATUSES),
    /** The calendar day a scheduled campaign goes out on, in waves; null for an immediate send. */
    send_day: z.string().nullable(),
    recipients: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
    pending: z.number().int(),
    fanout_done: z.boolean(),
    error: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    waves: z.array(waveStatusSchema),
    /**
     * Weekly campaigns (decision 197): completions from this email's "I did it" links, from the site within
     * the action's week, and the email's completions per email sent (0..1, null before any was sent).
     * Null for test sends.
     */
    completions: z
      .object({
        from_email: z.number().int(),
        from_site: z.number().int(),
        email_rate: z.number().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "CampaignStatus" });

export const campaignsAnswer = z.object({ campaigns: z.array(campaignStatusSchema) });

/** A provider event: applied, or acknowledged without acting on it (not an event we use). */
export const mailWebhookAnswer = z.union([
  z.object({ ok: z.literal(true), ignored: z.literal(true) }),
  z.object({ ok: z.literal(true), duplicate: z.boolean() }),
]);

/** The part of a Resend webhook event that is read; anything else in it is ignored. */
export const resendEventBody = z.object({
  type: z.string().optional(),
  data: z
    .object({
      to: z.union([z.array(z.string()), z.string()]).optional(),
      email_id: z.string().optional(),
      bounce: z.object({ type: z.string().optional() }).optional(),
    })
    .optional(),
});

/** The part of a Postmark webhook (Bounce, SpamComplaint or Delivery) that is read; anything else is ignored. */
export const postmarkEventBody = z.object({
  RecordType: z.string().optional(),
  ID: z.union([z.number(), z.string()]).optional(),
  Type: z.string().optional(),
  Email: z.string().optional(),
  Recipient: z.string().optional(),
  MessageID: z.string().optional(),
});
