import { and, eq, sql } from "drizzle-orm";
import { describeRoute } from "hono-openapi";
import { exportJobAnswer } from "#contract/exports/responses";
import {
  SUBSCRIBERS_PAGE_SIZE,
  subscriberExportSchema,
  subscriberListQuerySchema,
} from "#contract/subscribers/admin-schemas";
import {
  adminUnsubscribeAnswer,
  resubscribeInviteAnswer,
  subscriberDeletedAnswer,
  subscriberDetailAnswer,
  subscriberGrowthAnswer,
  subscriberListAnswer,
} from "#contract/subscribers/responses";
import { subscribers } from "../../../db/schema";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { writeAudit } from "../../platform/audit";
import { assertRecentProof, requireRecentProof } from "../../platform/auth-guard";
import { conflict, notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { clientIp } from "../../platform/request";
import { validate } from "../../platform/validate";
import { exportView } from "../exports/link";
import { exportJobRoutes } from "../exports/routes";
import { startExportJob } from "../exports/store";
import type { ExportMessage } from "../exports/types";
import { readEmailHistory } from "./admin-history";
import { consentOf, readGrowth, readSubscriberPage, readSubscriberRow, readTotals, toListItem } from "./admin-list";
import { deleteSubscriberData } from "./data-deletion";
import { sendResubscribeInvite } from "./resubscribe-invite";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = "Subscriber not found";
const noSubscriber = errorAnswer("No subscriber has this id");
const EXPORTS_PATH = "/api/admin/subscribers/exports";

async function findSubscriber(db: Parameters<typeof readSubscriberRow>[0], id: string) {
  if (!UUID.test(id)) throw notFound(NOT_FOUND);
  const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id)).limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * /api/admin/subscribers, behind the one admin guard in worker/app.ts. Whole addresses are personal
 * data: the list masks them unless asked, and every read of whole addresses (the list with
 * `full_emails=1`, a person's record, starting a CSV export) writes a `sensitive_data_access` audit row
 * before the data is read, so the security dashboard counts it. Mutations are audited once by the
 * admin-mutation middleware; handlers only name the action and target (`auditTarget`).
 */
export const subscribersAdminRoutes = createRouter()
  .get(
    "/",
    describeRoute({
      summary: "List subscribers, newest first, with the totals (whole addresses with full_emails=1, audited)",
      responses: {
        200: jsonAnswer(subscriberListAnswer, "One page of subscribers (next_cursor reads the next), and the totals"),
        400: errorAnswer("Invalid query: the first rule broken, or a cursor this list did not give"),
        403: errorAnswer(
          "Not an admin, no second factor (mfa_required), or whole addresses asked without a proof in the last 10 minutes (reauth_required)",
        ),
      },
    }),
    validate("query", subscriberListQuerySchema),
    async (c) => {
      const query = c.req.valid("query");
      const { db } = c.var;
      if (query.full_emails) {
        assertRecentProof(c.var.user);
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
      c.header("Cache-Control", "no-store");
      return c.json(
        answer(subscriberListAnswer, {
          subscribers: page.rows.map((r) => toListItem(r, query.full_emails)),
          next_cursor: page.nextCursor,
          totals,
        }),
      );
    },
  )
  .get(
    "/growth",
    describeRoute({
      summary: "Count new subscriptions and unsubscribes per week, for the last 12 weeks",
      responses: { 200: jsonAnswer(subscriberGrowthAnswer, "Twelve weeks, oldest first (weeks start on Sunday, UTC)") },
    }),
    async (c) => c.json(answer(subscriberGrowthAnswer, { weeks: await readGrowth(c.var.db, new Date()) })),
  )
  .post(
    "/exports",
    describeRoute({
      summary: "Start exporting the filtered subscribers as CSV in the background (an audited read)",
      responses: {
        202: jsonAnswer(exportJobAnswer, "The export, being prepared: ask its status until it is ready"),
        400: errorAnswer("Invalid filters: the first rule broken"),
      },
    }),
    requireRecentProof,
    validate("json", subscriberExportSchema),
    async (c) => {
      const filters = filtersOf(c.req.valid("json"));
      const now = new Date();
      await writeAudit(c.var.db, {
        action: "sensitive_data_access",
        userId: c.var.user.id,
        tableName: "subscribers",
        ipAddress: clientIp(c),
        newValues: { resource: "subscribers_export", filters },
      });
      const { job, created } = await startExportJob(
        c.var.db,
        {
          kind: "subscribers",
          userId: c.var.user.id,
          params: filters,
          filename: `subscribers-${now.toISOString().slice(0, 10)}.csv`,
        },
        now,
      );
      if (created) await c.env.EXPORT_QUEUE.send({ job: job.id, step: 0 } satisfies ExportMessage);
      c.header("Cache-Control", "no-store");
      return c.json(
        answer(exportJobAnswer, { export: await exportView(c.var.config, job, `${EXPORTS_PATH}/${job.id}/file`, now) }),
        202,
      );
    },
  )
  .route("/exports", exportJobRoutes("subscribers", EXPORTS_PATH, { mediaType: "text/csv", what: "subscribers" }))
  .get(
    "/:id",
    describeRoute({
      summary: "Read a subscriber's record and email history (an audited read)",
      responses: {
        200: jsonAnswer(subscriberDetailAnswer, "The record, with the whole address, and the newest 100 emails"),
        404: noSubscriber,
      },
    }),
    requireRecentProof,
    async (c) => {
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
      const history = await readEmailHistory(c.var.db, id);
      c.header("Cache-Control", "no-store");
      return c.json(
        answer(subscriberDetailAnswer, {
          subscriber: { ...toListItem(row, true), email_masked: false, consent: consentOf(row) },
          history,
        }),
      );
    },
  )
  .post(
    "/:id/unsubscribe",
    describeRoute({
      summary: "Unsubscribe a subscriber (repeating it changes nothing)",
      responses: { 200: jsonAnswer(adminUnsubscribeAnswer, "Unsubscribed"), 404: noSubscriber },
    }),
    async (c) => {
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
      return c.json(
        answer(adminUnsubscribeAnswer, {
          subscriber: updated ? toListItem(updated, false) : null,
          message: "Unsubscribed",
        }),
      );
    },
  )
  .post(
    "/:id/resubscribe",
    describeRoute({
      summary: "Email an unsubscribed person a link to subscribe again",
      responses: {
        202: jsonAnswer(resubscribeInviteAnswer, "Invitation sent; they stay unsubscribed until they use the link"),
        404: noSubscriber,
        409: errorAnswer("The person is already subscribed"),
        503: errorAnswer("Mail unavailable: the provider refused the email"),
      },
    }),
    async (c) => {
      const row = await findSubscriber(c.var.db, c.req.param("id"));
      if (row.active) throw conflict("This person is already subscribed.", "already_subscribed");
      await sendResubscribeInvite(c.var.db, c.var.config, row, new Date());
      c.set("auditTarget", {
        action: "subscriber_resubscribe_invite",
        table: "subscribers",
        target: { subscriber_id: row.id },
      });
      return c.json(
        answer(resubscribeInviteAnswer, {
          sent: true,
          message: "We emailed them a link to resubscribe. They stay unsubscribed until they click it.",
        }),
        202,
      );
    },
  )
  .delete(
    "/:id",
    describeRoute({
      summary: "Delete a subscriber's data (only a fingerprint of the address is kept)",
      responses: { 200: jsonAnswer(subscriberDeletedAnswer, "Deleted"), 404: noSubscriber },
    }),
    async (c) => {
      const row = await findSubscriber(c.var.db, c.req.param("id"));
      await deleteSubscriberData(c.var.db, row);
      c.set("auditTarget", {
        action: "subscriber_deleted_by_admin",
        table: "subscribers",
        target: { subscriber_id: row.id },
      });
      return c.json(answer(subscriberDeletedAnswer, { deleted: true }));
    },
  );

const filtersOf = (q: { q: string; status: "all" | "active" | "unsubscribed"; zip: string }) => ({
  q: q.q,
  status: q.status,
  zip: q.zip,
});
