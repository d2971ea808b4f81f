import { describeRoute } from "hono-openapi";
import { reminderCountsAnswer } from "#contract/event-reminders/responses";
import { answer, jsonAnswer } from "../../platform/api-docs";
import type { Db } from "../../platform/db";
import { createRouter } from "../../platform/hono";

/** Events listed: the ones of the last week and ahead that anyone asked to be reminded of. */
const LIST_MAX = 200;
const SINCE_MS = 7 * 86_400_000;

type CountRow = {
  event_id: string;
  title: string;
  start_time: string;
  pending: number;
  active: number;
  cancelled: number;
  sent: number;
};

/** Reminders per event: waiting for a confirmation, set, cancelled by the person, and reminders sent. */
export async function reminderCounts(db: Db, now: Date): Promise<CountRow[]> {
  const since = new Date(now.getTime() - SINCE_MS).toISOString();
  const { results } = await db.$client
    .prepare(
      `SELECT r.event_id AS event_id,
              coalesce(max(e.title), max(r.event_title)) AS title,
              coalesce(max(e.start_at_utc), max(r.event_start_at)) AS start_time,
              sum(r.status = 'pending') AS pending,
              sum(r.status = 'active') AS active,
              sum(r.status = 'cancelled') AS cancelled,
              sum(EXISTS (SELECT 1 FROM event_reminder_mails m
                          WHERE m.reminder_id = r.id AND m.kind = 'reminder' AND m.status = 'sent')) AS sent
         FROM event_reminders r LEFT JOIN events e ON e.id = r.event_id
        WHERE r.event_start_at >= ?
        GROUP BY r.event_id
        ORDER BY start_time
        LIMIT ${LIST_MAX}`,
    )
    .bind(since)
    .all<CountRow>();
  return results;
}

/** The admin's reminder counts (mounted under /api/admin, behind the one admin guard). */
export const eventRemindersAdminRoutes = createRouter().get(
  "/",
  describeRoute({
    summary: "Event reminders per event: waiting, set, cancelled, sent",
    responses: { 200: jsonAnswer(reminderCountsAnswer, "Events of the last week and ahead with reminders") },
  }),
  async (c) => {
    const rows = await reminderCounts(c.var.db, new Date());
    return c.json(answer(reminderCountsAnswer, { events: rows }));
  },
);
