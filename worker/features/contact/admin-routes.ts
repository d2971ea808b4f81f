import { eq } from "drizzle-orm";
import { contactMessages } from "../../../db/schema";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { readInbox, readInboxCounts } from "./inbox";
import { INBOX_PAGE_SIZE, type InboxResponse, inboxQuerySchema, messageStatusBodySchema } from "./inbox-schemas";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /api/admin/messages: the contact-form inbox, behind the one admin guard in worker/app.ts. */
export const messagesAdminRoutes = createRouter()
  .get("/", validate("query", inboxQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const [page, counts] = await Promise.all([readInbox(c.var.db, query, INBOX_PAGE_SIZE), readInboxCounts(c.var.db)]);
    const body: InboxResponse = { messages: page.messages, next_cursor: page.nextCursor, counts };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })
  .patch("/:id", validate("json", messageStatusBodySchema), async (c) => {
    const id = c.req.param("id");
    if (!UUID.test(id)) throw notFound("Message not found");
    const [row] = await c.var.db
      .update(contactMessages)
      .set({ status: c.req.valid("json").status })
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id, status: contactMessages.status });
    if (!row) throw notFound("Message not found");
    c.set("auditTarget", { action: "contact_message_status", table: "contact_messages", target: row });
    return c.json({ message: row, counts: await readInboxCounts(c.var.db) });
  });
