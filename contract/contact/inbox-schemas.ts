import { z } from "zod";
import type { inboxAnswer, inboxCountsSchema, inboxMessageSchema } from "./responses";

/** The contact inbox (issue 16): query and response shapes, shared with the admin screen. */
export const MESSAGE_STATUSES = ["unread", "read", "archived"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const INBOX_FILTERS = ["inbox", ...MESSAGE_STATUSES] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export const INBOX_PAGE_SIZE = 25;

export const inboxQuerySchema = z.object({
  status: z
    .enum(INBOX_FILTERS, { error: "Status must be inbox, unread, read or archived." })
    .optional()
    .default("inbox"),
  q: z.string().trim().max(200, "Search is too long.").optional().default(""),
  cursor: z.string().max(200, "Invalid cursor.").optional(),
});

export const messageStatusBodySchema = z.object({
  status: z.enum(MESSAGE_STATUSES, { error: "Status must be unread, read or archived." }),
});

/** The answers' types, from their schemas in ./responses.ts (type-only: the web bundle imports this file). */
export type InboxMessage = z.output<typeof inboxMessageSchema>;
export type InboxCounts = z.output<typeof inboxCountsSchema>;
export type InboxResponse = z.output<typeof inboxAnswer>;
