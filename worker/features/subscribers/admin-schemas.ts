import { z } from "zod";

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
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;
export type SubscriberFilters = Pick<SubscriberListQuery, "q" | "status" | "zip">;

export type SubscriberTotals = {
  active: number;
  unsubscribed: number;
  /** Signed up, not (yet) confirmed (decision 182): neither active nor unsubscribed. */
  pending: number;
  new_7d: number;
  new_30d: number;
  /** Addresses on the suppression list (bounces, complaints): no mail goes to them. */
  suppressed: number;
};

export type SubscriberListItem = {
  id: string;
  first_name: string;
  email: string;
  email_masked: boolean;
  zip_code: string | null;
  active: boolean;
  status: SubscriberStatus;
  subscribed_at: string;
  unsubscribed_at: string | null;
  /** When the subscription was confirmed (null while pending). */
  confirmed_at: string | null;
  last_weekly_email_at: string | null;
};

/** A subscriber's state: pending = signed up, never confirmed (double opt-in, decision 182). */
export type SubscriberStatus = "active" | "pending" | "unsubscribed";

/** The consent evidence of the latest confirmation, shown in a person's record only. */
export type SubscriberConsent = { confirmed_at: string | null; ip_address: string | null; user_agent: string | null };

export type SubscriberListResponse = {
  subscribers: SubscriberListItem[];
  next_cursor: string | null;
  totals: SubscriberTotals;
};

export type GrowthWeek = { week_start: string; new: number; unsubscribed: number };
export type SubscriberGrowthResponse = { weeks: GrowthWeek[] };

export type SubscriberEmailHistoryItem = {
  id: string;
  campaign_id: string;
  campaign_kind: string;
  action_title: string | null;
  status: "pending" | "sent" | "failed" | "skipped";
  error: string | null;
  at: string;
};

export type SubscriberDetailResponse = {
  subscriber: Omit<SubscriberListItem, "email_masked"> & { email_masked: false; consent?: SubscriberConsent };
  history: SubscriberEmailHistoryItem[];
};

export const SUBSCRIBER_HISTORY_LIMIT = 100;
