import { and, eq, sql } from "drizzle-orm";
import type { SendPlan, WeeklySendState } from "#contract/email/responses";
import { dayInZone } from "#contract/platform/zoned-time";
import { emailCampaigns } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { findCurrentActionRow } from "./content";
import { lastDayOf, weeklySendDay } from "./schedule";

/**
 * Who the weekly email goes to today: every active subscriber (the fan-out's own rule, fanout.ts), counted on the
 * (active, id) index. Suppressed addresses are skipped later, per recipient, so this is an upper bound by a few.
 */
export async function activeSubscriberCount(db: Db): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM subscribers WHERE active = 1`);
  return row?.n ?? 0;
}

/**
 * What the dashboard's "Send Weekly Email Now" button reads (decision 232): the action it would send (the current
 * one, as the send itself picks it) and, once that action's weekly email has gone or is going out, when and to how
 * many. Before the fan-out has counted its recipients, the count is the active subscribers it is sending to.
 */
export async function weeklySendState(db: Db, now: Date, timeZone: string): Promise<WeeklySendState> {
  const [action, subscribers] = await Promise.all([findCurrentActionRow(db, now, timeZone), activeSubscriberCount(db)]);
  if (!action) return { action: null, sent: null, active_subscribers: subscribers };
  const [campaign] = await db
    .select({
      createdAt: emailCampaigns.createdAt,
      status: emailCampaigns.status,
      recipients: emailCampaigns.totalRecipients,
      fanoutDoneAt: emailCampaigns.fanoutDoneAt,
      sendDay: emailCampaigns.sendDay,
    })
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.actionId, action.id), eq(emailCampaigns.kind, "weekly")))
    .limit(1);
  const sent = campaign
    ? {
        at: campaign.createdAt,
        status: campaign.status,
        recipients: campaign.fanoutDoneAt || campaign.sendDay ? campaign.recipients : subscribers,
        in_waves: campaign.sendDay !== null,
      }
    : action.sentAt
      ? { at: action.sentAt, status: "completed" as const, recipients: 0, in_waves: false }
      : null;
  return { action: { id: action.id, title: action.title }, sent, active_subscribers: subscribers };
}

/**
 * When an action with these dates would be emailed (decision 232): its send day (the first Monday of its run, 09:00
 * in each subscriber's zone), its last day (a wave not sent by then is not sent late) and the site's today, beside the
 * number of active subscribers. The Publish confirmation words it.
 */
export async function sendPlan(
  db: Db,
  now: Date,
  timeZone: string,
  dates: { start_date?: string; end_date?: string },
): Promise<SendPlan> {
  const start = dates.start_date ?? null;
  return {
    today: dayInZone(now, timeZone),
    send_day: start ? weeklySendDay(start, dates.end_date ?? null) : null,
    last_day: start ? lastDayOf(start, dates.end_date ?? null) : null,
    active_subscribers: await activeSubscriberCount(db),
  };
}
