import { and, eq, sql } from "drizzle-orm";
import { subscribers } from "../../../db/schema";
import { writeAudit } from "../../platform/audit";
import { conflict, notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { readEmailHistory } from "./admin-history";
import { consentOf, readGrowth, readSubscriberPage, readSubscriberRow, readTotals, toListItem } from "./admin-list";
import {
  SUBSCRIBERS_PAGE_SIZE,
  type SubscriberDetailResponse,
  type SubscriberListResponse,
  subscriberListQuerySchema,
} from "./admin-schemas";
import { streamSubscribersCsv } from "./csv-export";
import { deleteSubscriberData } from "./data-deletion";
import { sendResubscribeInvite } from "./resubscribe-invite";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = "Subscriber not found";

async function findSubscriber(db: Parameters<typeof readSubscriberRow>[0], id: string) {
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id)).limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * /api/admin/subscribers, behind the one admin guard in worker/app.ts. Whole addresses are personal
 * data: the list masks them unless asked, and every read of whole addresses (the list with
 * `full_emails=1`, a person's record, the CSV export) writes a `sensitive_data_access` audit row
 * before the data is read, so the security dashboard counts it. Mutations are audited once by the
 * admin-mutation middleware; handlers only name the action and target (`auditTarget`).
 */
export const subscribersAdminRoutes = createRouter()
  .get("/", validate("query", subscriberListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { db } = c.var;
    if (query.full_emails) {
      await writeAudit(db, {
        action: "sensitive_data_access",
        userId: c.var.user.id,
        tableName: "subscribers",
        ipAddress: clientIp(c),
        newValues: { resource: "subscriber_emails", filters: filtersOf(query), cursor: query.cursor ?? null },
      });
    }
    const [page, totals] = await Promise.all([
      readSubscriberPage(db, query, query.cursor, SUBSCRIBERS_PAGE_SIZE),
      readTotals(db, new Date()),
    ]);
    const body: SubscriberListResponse = {
      subscribers: page.rows.map((r) => toListItem(r, query.full_emails)),
      next_cursor: page.nextCursor,
      totals,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })
  .get("/growth", async (c) => c.json({ weeks: await readGrowth(c.var.db, new Date()) }))
  .get("/export.csv", validate("query", subscriberListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    await writeAudit(c.var.db, {
      action: "sensitive_data_access",
      userId: c.var.user.id,
      tableName: "subscribers",
      ipAddress: clientIp(c),
      newValues: { resource: "subscribers_export", filters: filtersOf(query) },
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(streamSubscribersCsv(c.var.db, filtersOf(query)), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  })
  .get("/:id", async (c) => {
    const id = c.req.param("id");
    if (!UUID.test(id)) throw notFound(NOT_FOUND);
    const row = await readSubscriberRow(c.var.db, id);
    if (!row) throw notFound(NOT_FOUND);
    await writeAudit(c.var.db, {
      action: "sensitive_data_access",
      userId: c.var.user.id,
      tableName: "subscribers",
      ipAddress: clientIp(c),
      newValues: { resource: "subscriber_record", subscriber_id: id },
    });
    const body: SubscriberDetailResponse = {
      subscriber: { ...toListItem(row, true), email_masked: false, consent: consentOf(row) },
      history: await readEmailHistory(c.var.db, id),
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })
  .post("/:id/unsubscribe", async (c) => {
    const row = await findSubscriber(c.var.db, c.req.param("id"));
    const nowIso = new Date().toISOString();
    // Idempotent: an already unsubscribed row keeps its first unsubscribe time.
    await c.var.db
      .update(subscribers)
      .set({
        active: false,
        unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, ${nowIso})`,
        updatedAt: nowIso,
      })
      .where(and(eq(subscribers.id, row.id), eq(subscribers.active, true)));
    c.set("auditTarget", {
      action: "subscriber_unsubscribed_by_admin",
      table: "subscribers",
      target: { subscriber_id: row.id, was_active: row.active },
    });
    const updated = await readSubscriberRow(c.var.db, row.id);
    return c.json({ subscriber: updated ? toListItem(updated, false) : null, message: "Unsubscribed" });
  })
  .post("/:id/resubscribe", async (c) => {
    const row = await findSubscriber(c.var.db, c.req.param("id"));
    if (row.active) throw conflict("This person is already subscribed.", "already_subscribed");
    await sendResubscribeInvite(c.var.db, c.var.config, row, new Date());
    c.set("auditTarget", {
      action: "subscriber_resubscribe_invite",
      table: "subscribers",
      target: { subscriber_id: row.id },
    });
    return c.json(
      { sent: true, message: "We emailed them a link to resubscribe. They stay unsubscribed until they click it." },
      202,
    );
  })
  .delete("/:id", async (c) => {
    const row = await findSubscriber(c.var.db, c.req.param("id"));
    await deleteSubscriberData(c.var.db, row);
    c.set("auditTarget", {
      action: "subscriber_deleted_by_admin",
      table: "subscribers",
      target: { subscriber_id: row.id },
    });
    return c.json({ deleted: true as const });
  });

const filtersOf = (q: { q: string; status: "all" | "active" | "unsubscribed"; zip: string }) => ({
  q: q.q,
  status: q.status,
  zip: q.zip,
});
