import { eq } from "drizzle-orm";
import { describeRoute } from "hono-openapi";
import { INBOX_PAGE_SIZE, inboxQuerySchema, messageStatusBodySchema } from "#contract/contact/inbox-schemas";
import { inboxAnswer, messageStatusAnswer } from "#contract/contact/responses";
import { contactMessages } from "../../../db/schema";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { readInbox, readInboxCounts } from "./inbox";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /api/admin/messages: the contact-form inbox, behind the one admin guard in worker/app.ts. */
export const messagesAdminRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "List contact messages, newest first, with the count per status",
      responses: {
        200: jsonAnswer(inboxAnswer, "One page of messages (next_cursor reads the next), and the counts"),
        400: errorAnswer("Invalid query: the first rule broken, or a cursor this list did not give"),
      },
    }),
    validate("query", inboxQuerySchema),
    async (c) => {
      const query = c.req.valid("query");
      const [page, counts] = await Promise.all([
        readInbox(c.var.db, query, INBOX_PAGE_SIZE),
        readInboxCounts(c.var.db),
      ]);
      c.header("Cache-Control", "no-store");
      return c.json(answer(inboxAnswer, { messages: page.messages, next_cursor: page.nextCursor, counts }));
    },
  )
  .patch(
    "/:id",
    describeRoute({
      summary: "Mark a contact message unread, read or archived",
      responses: {
        200: jsonAnswer(messageStatusAnswer, "The message's new status, and the counts"),
        404: errorAnswer("No message has this id"),
      },
    }),
    validate("json", messageStatusBodySchema),
    async (c) => {
      const id = c.req.param("id");
      if (!UUID.test(id)) throw notFound("Message not found");
      const [row] = await c.var.db
        .update(contactMessages)
        .set({ status: c.req.valid("json").status })
        .where(eq(contactMessages.id, id))
        .returning({ id: contactMessages.id, status: contactMessages.status });
      if (!row) throw notFound("Message not found");
      c.set("auditTarget", { action: "contact_message_status", table: "contact_messages", target: row });
      return c.json(answer(messageStatusAnswer, { message: row, counts: await readInboxCounts(c.var.db) }));
    },
  );
