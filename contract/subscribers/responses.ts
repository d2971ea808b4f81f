import { z } from "zod";
import { CAMPAIGN_KINDS, DELIVERY_STATUSES } from "../email/schemas";
import { LOCALES } from "../i18n/locales";

/** The answers of the public subscriber routes (decision 179): the document's schemas and the handlers' types. */
export const signupAnswer = z.object({
  subscriber: z.object({ first_name: z.string(), email: z.string() }),
  /** Whether this request sent a confirmation link: false when one went out too recently (decision 226). */
  confirmation_sent: z.boolean(),
});

export const subscriptionViewSchema = z
  .object({
    first_name: z.string(),
    masked_email: z.string(),
    active: z.boolean(),
    subscribed_at: z.string(),
    /** Signed up and not confirmed yet (double opt-in, decision 182): the page offers to resend the link. */
    pending: z.boolean(),
    /** The language of the subscriber's emails (issue 46), changed with POST /api/subscription/language. */
    locale: z.enum(LOCALES),
  })
  .meta({
    id: "Subscription",
    examples: [
      {
        first_name: "Maya",
        masked_email: "m***@example.org",
        active: true,
        subscribed_at: "2026-11-02T18:20:00.000Z",
        pending: false,
        locale: "en",
      },
    ],
  });

export const subscriptionAnswer = z.object({ subscription: subscriptionViewSchema });

export const subscriptionChangeAnswer = z.object({
  subscription: subscriptionViewSchema,
  active: z.boolean(),
  message: z.string(),
});

export const reconfirmationAnswer = z.object({
  confirmation: z.object({
    first_name: z.string(),
    masked_email: z.string(),
    returning: z.boolean(),
    /** The ZIP given at signup: the confirmed page links to events near it (decision 225). */
    zip_code: z.string().nullable(),
  }),
});

/** POST /api/subscription/resend-confirmation: whether a new link went, in words for the page. */
export const resendConfirmationAnswer = z.object({ sent: z.boolean(), message: z.string() });

export const dataDeletedAnswer = z.object({ deleted: z.literal(true), message: z.string() });

/** The answers of /api/admin/subscribers. */
export const subscriberListItemSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    email: z.string(),
    email_masked: z.boolean(),
    zip_code: z.string().nullable(),
    active: z.boolean(),
    /** pending = signed up, never confirmed (double opt-in, decision 182). */
    status: z.enum(["active", "pending", "unsubscribed"]),
    subscribed_at: z.string(),
    unsubscribed_at: z.string().nullable(),
    /** When the subscription was confirmed (null while pending). */
    confirmed_at: z.string().nullable(),
    last_weekly_email_at: z.string().nullable(),
  })
  .meta({ id: "SubscriberListItem" });

/** The consent evidence of the latest confirmation, shown in a person's record only. */
export const subscriberConsentSchema = z.object({
  confirmed_at: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});

export const subscriberTotalsSchema = z.object({
  active: z.number().int(),
  unsubscribed: z.number().int(),
  /** Signed up, not (yet) confirmed (decision 182): neither active nor unsubscribed. */
  pending: z.number().int(),
  new_7d: z.number().int(),
  new_30d: z.number().int(),
  /** Addresses on the suppression list (bounces, complaints): no mail goes to them. */
  suppressed: z.number().int(),
});

export const subscriberListAnswer = z.object({
  subscribers: z.array(subscriberListItemSchema),
  next_cursor: z.string().nullable(),
  totals: subscriberTotalsSchema,
});

export const growthWeekSchema = z.object({
  week_start: z.string(),
  new: z.number().int(),
  unsubscribed: z.number().int(),
});

export const subscriberGrowthAnswer = z.object({ weeks: z.array(growthWeekSchema) });

export const subscriberEmailHistoryItemSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  campaign_kind: z.enum(CAMPAIGN_KINDS),
  action_title: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  at: z.string(),
});

export const subscriberDetailAnswer = z.object({
  subscriber: subscriberListItemSchema.extend({
    email_masked: z.literal(false),
    consent: subscriberConsentSchema.optional(),
  }),
  history: z.array(subscriberEmailHistoryItemSchema),
});

export const adminUnsubscribeAnswer = z.object({
  subscriber: subscriberListItemSchema.nullable(),
  message: z.string(),
});

export const resubscribeInviteAnswer = z.object({ sent: z.literal(true), message: z.string() });

export const subscriberDeletedAnswer = z.object({ deleted: z.literal(true) });
