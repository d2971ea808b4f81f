import { and, desc, eq, isNull, lt, lte, sql } from "drizzle-orm";
import { emailCampaigns, weeklyActions } from "../../../db/schema";
import { type Db, newestFirst } from "../../platform/db";
import { AppError, conflict, notFound } from "../../platform/errors";
import { findCurrentActionRow, loadActionRow } from "./content";
import type { EmailDeps } from "./jobs";
import { ledger } from "./ledger-sql";
import { isSendDue } from "./schedule";
import type { CampaignStatus } from "./schemas";

export type StartedCampaign = { campaignId: string; actionId: string; actionTitle: string };

export const ALREADY_SENT_MESSAGE = "The weekly email for this action has already been sent.";

/**
 * The one path every weekly send takes (cron tick, admin trigger, publish): open the action's single
 * weekly campaign — the partial unique index makes a second one impossible, so two triggers racing
 * each other send once — and enqueue the first fan-out page.
 */
export async function startWeeklyCampaign(
  deps: Pick<EmailDeps, "db" | "queue" | "config" | "now">,
  opts: { actionId?: string; triggeredBy: string },
): Promise<StartedCampaign> {
  const { db } = deps;
  const action = opts.actionId
    ? await loadActionRow(db, opts.actionId)
    : await findCurrentActionRow(db, deps.now(), deps.config.SITE_TIMEZONE);
  if (!action) throw notFound(opts.actionId ? "Weekly action not found" : "There is no weekly action to send yet.");
  if (action.status !== "published")
    throw conflict("Only published actions can be emailed to subscribers.", "not_published");
  if (action.sentAt) throw conflict(ALREADY_SENT_MESSAGE, "already_sent");

  const [campaign] = await db
    .insert(emailCampaigns)
    .values({ actionId: action.id, kind: "weekly", triggeredBy: opts.triggeredBy })
    .onConflictDoNothing()
    .returning({ id: emailCampaigns.id });
  if (!campaign) throw conflict(ALREADY_SENT_MESSAGE, "already_sent");

  try {
    await deps.queue.send({ type: "fanout", campaignId: campaign.id, after: null });
  } catch (err) {
    // Nothing was enqueued: remove the campaign so the send can be triggered again.
    await db.delete(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
    throw err;
  }
  return { campaignId: campaign.id, actionId: action.id, actionTitle: action.title };
}

/** Bounded per tick; more due actions than this in one tick would mean something else is wrong. */
const DUE_SCAN_LIMIT = 10;

/**
 * Published actions with schedule_send on and no weekly campaign yet, whose dates are around `now`.
 * The SQL prefilter is by calendar date (indexed); the exact 09:00 rule is `isSendDue`, in code.
 */
export async function unstartedScheduledActions(db: Db, now: Date) {
  const latestDate = new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  const earliestDate = new Date(now.getTime() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  return db
    .select({
      id: weeklyActions.id,
      title: weeklyActions.title,
      startDate: weeklyActions.startDate,
      endDate: weeklyActions.endDate,
    })
    .from(weeklyActions)
    .leftJoin(emailCampaigns, and(eq(emailCampaigns.actionId, weeklyActions.id), eq(emailCampaigns.kind, "weekly")))
    .where(
      and(
        eq(weeklyActions.status, "published"),
        lte(weeklyActions.startDate, latestDate),
        sql`coalesce(${weeklyActions.endDate}, date(${weeklyActions.startDate}, '+6 days')) >= ${earliestDate}`,
        eq(weeklyActions.scheduleSend, true),
        isNull(weeklyActions.sentAt),
        isNull(emailCampaigns.id),
      ),
    )
    .orderBy(desc(weeklyActions.startDate))
    .limit(DUE_SCAN_LIMIT);
}

/**
 * The cron tick: published actions with schedule_send on and no weekly campaign yet, whose start
 * date's 09:00 SITE_TIMEZONE has passed (checked DST-correctly in code, see schedule.ts).
 */
export async function runDueWeeklySends(deps: EmailDeps): Promise<StartedCampaign[]> {
  const { config } = deps;
  const now = deps.now();
  const candidates = await unstartedScheduledActions(deps.db, now);

  const started: StartedCampaign[] = [];
  for (const action of candidates) {
    if (!isSendDue(action, now, config.SITE_TIMEZONE)) continue;
    try {
      started.push(await startWeeklyCampaign(deps, { actionId: action.id, triggeredBy: "schedule" }));
    } catch (err) {
      // Another trigger won the race (409) — fine; anything else is logged and retried next tick.
      if (!(err instanceof AppError && err.status === 409))
        console.error("weekly send: could not start", action.id, err);
    }
  }
  return started;
}

/**
 * Safety net for a crash between opening a campaign and enqueueing its first page: a campaign that
 * never started fanning out after 10 minutes gets its first page enqueued again (the fan-out step
 * ignores duplicates, and the ledger would catch any that slipped through).
 */
export async function restartStalledFanouts(deps: EmailDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - 10 * 60 * 1000).toISOString();
  const stalled = await deps.db
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(
      and(
        eq(emailCampaigns.kind, "weekly"),
        eq(emailCampaigns.status, "pending"),
        isNull(emailCampaigns.fanoutCursor),
        isNull(emailCampaigns.fanoutDoneAt),
        lt(emailCampaigns.createdAt, cutoff),
      ),
    )
    .limit(10);
  for (const c of stalled) await deps.queue.send({ type: "fanout", campaignId: c.id, after: null });
  return stalled.length;
}

/** Completes the campaign if it is done (see ledger.complete); safe to run any number of times. */
export async function completeIfDone(db: Db, campaignId: string, nowIso: string): Promise<void> {
  await db.$client.batch(ledger(db.$client).complete(campaignId, nowIso));
}

const STATUS_LIMIT = 20;

/** The newest campaigns with their counters (kept by triggers, so no count over the ledger). */
export async function listCampaigns(db: Db, kind?: CampaignStatus["kind"]): Promise<CampaignStatus[]> {
  const rows = await db
    .select({
      c: emailCampaigns,
      actionTitle: weeklyActions.title,
    })
    .from(emailCampaigns)
    .leftJoin(weeklyActions, eq(weeklyActions.id, emailCampaigns.actionId))
    .where(kind ? eq(emailCampaigns.kind, kind) : undefined)
    .orderBy(...newestFirst(emailCampaigns, emailCampaigns.createdAt))
    .limit(STATUS_LIMIT);
  return rows.map(({ c, actionTitle }) => toCampaignStatus(c, actionTitle ?? null));
}

export function toCampaignStatus(c: typeof emailCampaigns.$inferSelect, actionTitle: string | null): CampaignStatus {
  const done = c.sentCount + c.failedCount + c.skippedCount;
  return {
    id: c.id,
    kind: c.kind,
    action_id: c.actionId,
    action_title: actionTitle,
    status: c.status,
    recipients: c.totalRecipients,
    sent: c.sentCount,
    failed: c.failedCount,
    skipped: c.skippedCount,
    pending: Math.max(0, c.totalRecipients - done),
    fanout_done: c.fanoutDoneAt !== null,
    error: c.error,
    created_at: c.createdAt,
    completed_at: c.completedAt,
  };
}
