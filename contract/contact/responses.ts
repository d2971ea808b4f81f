import { z } from "zod";
import { MESSAGE_STATUSES } from "./inbox-schemas";

/** The answers of the contact routes (decision 179): the document's schemas and the handlers' types. */
export const contactSentAnswer = z.object({ ok: z.literal(true), id: z.string() });

export const inboxMessageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    message: z.string().nullable(),
    status: z.enum(MESSAGE_STATUSES),
    created_at: z.string(),
  })
  .meta({ id: "InboxMessage" });

export const inboxCountsSchema = z.object({
  unread: z.number().int(),
  read: z.number().int(),
  archived: z.number().int(),
});

export const inboxAnswer = z.object({
  messages: z.array(inboxMessageSchema),
  next_cursor: z.string().nullable(),
  counts: inboxCountsSchema,
});

export const messageStatusAnswer = z.object({
  message: z.object({ id: z.string(), status: z.enum(MESSAGE_STATUSES) }),
  counts: inboxCountsSchema,
});
