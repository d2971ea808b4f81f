import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { CampaignStatus, WaveStatus } from "#contract/email/schemas";
import { emailCampaigns, emailCampaignWaves, weeklyActions } from "../../../db/schema";
import { type Db, newestFirst } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { campaignCompletions } from "./campaign-completions";
import { findCurrentActionRow, loadActionRow } from "./content";
import type { EmailDeps } from "./jobs";
import { ledger } from "./ledger-sql";

export type StartedCampaign = { campaignId: string; actionId: string; actionTitle: string };

export const ALREADY_SENT_MESSAGE = "The weekly email for this action has already been sent.";
export const SENDING_IN_WAVES_MESSAGE =
  "The weekly email for this action is already going out: each time zone gets it at 9:00 a.m. local time today.";

/**
 * The one path every weekly send takes (cron tick, admin trigger, publish): open the action's single
 * weekly campaign — the partial unique index makes a second one impossible, so two triggers racing
 * each other send once. An immediate send (admin, publish) enqueues the first fan-out page over every
 * active subscriber; a scheduled one (`sendDay`) is sent in waves per time zone by the cron (waves.ts).
 */
export async function startWeeklyCampaign(
  deps: Pick<EmailDeps, "db" | "queue" | "config" | "now">,
  opts: { actionId?: string; triggeredBy: string; sendDay?: string },
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
    .values({
      actionId: action.id,
      kind: "weekly",
      triggeredBy: opts.triggeredBy,
      sendDay: opts.sendDay ?? null,
      createdAt: deps.now().toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: emailCampaigns.id });
  if (!campaign) {
    // The scheduled send under way says so: "already sent" would be wrong for the zones still to come.
    const [existing] = await db
      .select({ sendDay: emailCampaigns.sendDay, status: emailCampaigns.status })
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.actionId, action.id), eq(emailCampaigns.kind, "weekly")))
      .limit(1);
    const inWaves = existing?.sendDay && (existing.status === "pending" || existing.status === "sending");
    throw inWaves
      ? conflict(SENDING_IN_WAVES_MESSAGE, "sending_in_waves")
      : conflict(ALREADY_SENT_MESSAGE, "already_sent");
  }
  if (opts.sendDay) return { campaignId: campaign.id, actionId: action.id, actionTitle: action.title };

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
 * The SQL prefilter is by calendar date (indexed), two days either side since zones span UTC-11 to
 * UTC+14; the exact 09:00 rule per zone is `isSendDue`, in code.
 */
export async function unstartedScheduledActions(db: Db, now: Date) {
  const latestDate = new Date(now.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
  const earliestDate = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
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
 * Safety net for a crash between opening an immediate campaign and enqueueing its first page: one
 * that never started fanning out after 10 minutes gets its first page enqueued again (the fan-out
 * step ignores duplicates, and the ledger would catch any that slipped through). Scheduled campaigns
 * have the same net per wave (waves.ts).
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
        isNull(emailCampaigns.sendDay),
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

/** The newest campaigns with their counters (kept by triggers, so no count over the ledger) and waves. */
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
  const scheduled = rows.filter((r) => r.c.sendDay !== null).map((r) => r.c.id);
  const waves = scheduled.length
    ? await db
        .select()
        .from(emailCampaignWaves)
        .where(inArray(emailCampaignWaves.campaignId, scheduled))
        .orderBy(asc(emailCampaignWaves.dueAt), asc(emailCampaignWaves.timeZone))
    : [];
  const completions = await campaignCompletions(
    db,
    rows.map(({ c }) => ({ id: c.id, kind: c.kind, sent: c.sentCount })),
  );
  return rows.map(({ c, actionTitle }) => ({
    ...toCampaignStatus(
      c,
      actionTitle ?? null,
      waves.filter((w) => w.campaignId === c.id),
    ),
    completions: completions.get(c.id) ?? null,
  }));
}

const pendingOf = (c: { totalRecipients: number; sentCount: number; failedCount: number; skippedCount: number }) =>
  Math.max(0, c.totalRecipients - c.sentCount - c.failedCount - c.skippedCount);

export function toCampaignStatus(
  c: typeof emailCampaigns.$inferSelect,
  actionTitle: string | null,
  waves: (typeof emailCampaignWaves.$inferSelect)[] = [],
): CampaignStatus {
  return {
    completions: null,
    id: c.id,
    kind: c.kind,
    action_id: c.actionId,
    action_title: actionTitle,
    status: c.status,
    send_day: c.sendDay,
    recipients: c.totalRecipients,
    sent: c.sentCount,
    failed: c.failedCount,
    skipped: c.skippedCount,
    pending: pendingOf(c),
    fanout_done: c.fanoutDoneAt !== null,
    error: c.error,
    created_at: c.createdAt,
    completed_at: c.completedAt,
    waves: waves.map(
      (w): WaveStatus => ({
        time_zone: w.timeZone,
        due_at: w.dueAt,
        recipients: w.totalRecipients,
        sent: w.sentCount,
        failed: w.failedCount,
        skipped: w.skippedCount,
        pending: pendingOf(w),
      }),
    ),
  };
}
