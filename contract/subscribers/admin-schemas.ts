import { z } from "zod";
import type {
  growthWeekSchema,
  subscriberConsentSchema,
  subscriberDetailAnswer,
  subscriberEmailHistoryItemSchema,
  subscriberGrowthAnswer,
  subscriberListAnswer,
  subscriberListItemSchema,
  subscriberTotalsSchema,
} from "./responses";

/**
 * Query and response shapes of /api/admin/subscribers (issue 16), shared with the admin screen.
 * `max()` comes before any pattern: untrusted input is bounded before it is inspected.
 */
export const SUBSCRIBER_STATUSES = ["all", "active", "unsubscribed"] as const;
export type SubscriberStatusFilter = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBERS_PAGE_SIZE = 50;

export const subscriberListQuerySchema = z.object({
  q: z.string().trim().toLowerCase().max(254, "Search is too long.").optional().default(""),
  status: z
    .enum(SUBSCRIBER_STATUSES, { error: "Status must be all, active or unsubscribed." })
    .optional()
    .default("all"),
  zip: z
    .string()
    .trim()
    .max(5, "ZIP prefix must be 1 to 5 digits.")
    .regex(/^\d*$/, "ZIP prefix must be 1 to 5 digits.")
    .optional()
    .default(""),
  cursor: z.string().max(200, "Invalid cursor.").optional(),
  /** `full_emails=1` shows whole addresses; every such read is written to the security audit log. */
  full_emails: z
    .enum(["0", "1"])
    .optional()
    .transform((v) => v === "1"),
});
/** POST /api/admin/subscribers/exports: the list's filters, as a JSON body (decision 250). */
export const subscriberExportSchema = subscriberListQuerySchema.pick({ q: true, status: true, zip: true });

export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;
export type SubscriberFilters = Pick<SubscriberListQuery, "q" | "status" | "zip">;

/** The answers' types, from their schemas in ./responses.ts (type-only: the web bundle imports this file). */
export type SubscriberTotals = z.output<typeof subscriberTotalsSchema>;
export type SubscriberListItem = z.output<typeof subscriberListItemSchema>;
export type SubscriberListResponse = z.output<typeof subscriberListAnswer>;
export type GrowthWeek = z.output<typeof growthWeekSchema>;
export type SubscriberGrowthResponse = z.output<typeof subscriberGrowthAnswer>;
export type SubscriberEmailHistoryItem = z.output<typeof subscriberEmailHistoryItemSchema>;
export type SubscriberDetailResponse = z.output<typeof subscriberDetailAnswer>;
/** A subscriber's state: pending = signed up, never confirmed (double opt-in, decision 182). */
export type SubscriberStatus = SubscriberListItem["status"];
/** The consent evidence of the latest confirmation, shown in a person's record only. */
export type SubscriberConsent = z.output<typeof subscriberConsentSchema>;

export const SUBSCRIBER_HISTORY_LIMIT = 100;
