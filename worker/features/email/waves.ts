import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { dayInZone } from "#contract/platform/zoned-time";
import { emailCampaigns, emailCampaignWaves, weeklyActions } from "../../../db/schema";
import { AppError } from "../../platform/errors";
import { completeIfDone, type StartedCampaign, startWeeklyCampaign, unstartedScheduledActions } from "./campaigns";
import { type EmailDeps, type EmailJob, enqueueAll, recipientJobs } from "./jobs";
import { ledger } from "./ledger-sql";
import { endOfDayAt, isSendDue, isWaveDue, lastDayOf, weeklySendDay, weeklySendDueAt } from "./schedule";

/**
 * The scheduled weekly send, driven by the 5-minute cron tick with its scheduled time as "now":
 * a campaign opens when the send day's 09:00 has come in the first zone, then every tick opens the
 * wave of each zone whose 09:00 has come (one fan-out over that zone's subscribers), adds late
 * joiners to a wave while it is still the send day there, and completes the campaign once the send
 * day is over in every zone. The ledger (one row per campaign and subscriber) keeps it exactly once.
 */

/** Open scheduled campaigns advanced per tick: one a week is normal, ten means something is wrong. */
const OPEN_CAMPAIGNS_LIMIT = 10;
/** A wave that has not started fanning out after this long gets its first page enqueued again. */
const STALLED_WAVE_MS = 10 * 60 * 1000;
/** Ledger rows never claimed after this long lost their queue message; they are enqueued again. */
const ORPHAN_AFTER_MS = 30 * 60 * 1000;
const ORPHAN_SCAN_LIMIT = 2000;

/**
 * The distinct zones of active subscribers, by skipping through the (active, time_zone, id) index —
 * one seek per zone, not a scan of every subscriber. Subscribers without a zone (from before zones
 * were stored) take SITE_TIMEZONE first.
 */
export async function activeZones(deps: Pick<EmailDeps, "db" | "config">): Promise<string[]> {
  const site = deps.config.SITE_TIMEZONE;
  await deps.db.run(sql`UPDATE subscribers SET time_zone = ${site} WHERE active = 1 AND time_zone IS NULL`);
  const rows = await deps.db.all<{ tz: string }>(sql`
    WITH RECURSIVE z(tz) AS (
      SELECT (SELECT min(time_zone) FROM subscribers WHERE active = 1 AND time_zone IS NOT NULL)
      UNION ALL
      SELECT (SELECT min(time_zone) FROM subscribers WHERE active = 1 AND time_zone > z.tz) FROM z WHERE z.tz IS NOT NULL
    )
    SELECT tz FROM z WHERE tz IS NOT NULL`);
  const zones = new Set(rows.map((r) => r.tz));
  zones.add(site);
  return [...zones];
}

/** Opens the weekly campaign of every action whose send is due in at least one zone. */
export async function openDueCampaigns(deps: EmailDeps, zones: readonly string[]): Promise<StartedCampaign[]> {
  const { db } = deps;
  const now = deps.now();
  const candidates = await unstartedScheduledActions(db, now);

  const started: StartedCampaign[] = [];
  for (const action of candidates) {
    if (!action.startDate || !isSendDue(action, now, zones)) continue;
    const sendDay = weeklySendDay(action.startDate, action.endDate);
    try {
      started.push(await startWeeklyCampaign(deps, { actionId: action.id, triggeredBy: "schedule", sendDay }));
    } catch (err) {
      // Another trigger won the race (409) — fine; anything else is logged and retried next tick.
      if (!(err instanceof AppError && err.status === 409))
        console.error("weekly send: could not start", action.id, err);
    }
  }
  return started;
}

type Wave = typeof emailCampaignWaves.$inferSelect;

/** One tick of every open scheduled campaign: new waves, late joiners, lost messages, completion. */
export async function advanceWaves(deps: EmailDeps, zones: readonly string[]): Promise<void> {
  const open = await deps.db
    .select({
      id: emailCampaigns.id,
      sendDay: emailCampaigns.sendDay,
      startDate: weeklyActions.startDate,
      endDate: weeklyActions.endDate,
    })
    .from(emailCampaigns)
    .leftJoin(weeklyActions, eq(weeklyActions.id, emailCampaigns.actionId))
    .where(
      and(
        eq(emailCampaigns.kind, "weekly"),
        isNotNull(emailCampaigns.sendDay),
        isNull(emailCampaigns.fanoutDoneAt),
        inArray(emailCampaigns.status, ["pending", "sending"]),
      ),
    )
    .limit(OPEN_CAMPAIGNS_LIMIT);
  for (const campaign of open) {
    await advanceCampaign(deps, zones, campaign).catch((err) =>
      console.error("weekly send: waves of", campaign.id, err),
    );
  }
}

async function advanceCampaign(
  deps: EmailDeps,
  zones: readonly string[],
  campaign: { id: string; sendDay: string | null; startDate: string | null; endDate: string | null },
): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const nowIso = now.toISOString();
  const sendDay = campaign.sendDay as string;
  const action = { startDate: campaign.startDate ?? sendDay, endDate: campaign.endDate };
  const lastDay = lastDayOf(action.startDate, action.endDate);
  const waves = await db.select().from(emailCampaignWaves).where(eq(emailCampaignWaves.campaignId, campaign.id));
  const byZone = new Map(waves.map((w) => [w.timeZone, w]));

  // 1. Waves whose 09:00 has come (within the action's run there).
  for (const zone of zones) {
    if (byZone.has(zone) || !isWaveDue(action, now, zone)) continue;
    const wave = await openWave(deps, campaign.id, sendDay, zone);
    if (wave) byZone.set(zone, wave);
  }

  for (const wave of byZone.values()) {
    if (!wave.fanoutDoneAt) {
      // 2. A wave whose first page was never enqueued (a crash right after it opened).
      if (wave.fanoutCursor === null && new Date(wave.createdAt).getTime() < now.getTime() - STALLED_WAVE_MS)
        await deps.queue.send({ type: "fanout", campaignId: campaign.id, waveId: wave.id, after: null });
    } else if (now < new Date(wave.dayEndsAt)) {
      // 3. Late joiners: still the send day in this zone.
      await addLateJoiners(deps, campaign.id, wave, nowIso);
    }
  }

  // 4. Rows whose queue message was lost (a crash between writing them and enqueueing them).
  const orphans = await ledger(db.$client)
    .orphanedPending(campaign.id, new Date(now.getTime() - ORPHAN_AFTER_MS).toISOString(), ORPHAN_SCAN_LIMIT)
    .all<{ subscriber_id: string; wave_id: string | null }>();
  if (orphans.results.length > 0) {
    const byWave = new Map<string | null, string[]>();
    for (const r of orphans.results) byWave.set(r.wave_id, [...(byWave.get(r.wave_id) ?? []), r.subscriber_id]);
    const jobs: EmailJob[] = [];
    for (const [waveId, ids] of byWave) jobs.push(...recipientJobs(campaign.id, waveId, ids));
    await enqueueAll(deps.queue, jobs);
  }

  // 5. Complete once no zone can get a wave or a late joiner any more.
  const allWaves = [...byZone.values()];
  const finished =
    allWaves.every((w) => w.fanoutDoneAt !== null && now >= new Date(w.dayEndsAt)) &&
    zones.every((zone) => byZone.has(zone) || dayInZone(now, zone) > lastDay);
  if (finished) {
    await db
      .update(emailCampaigns)
      .set({ fanoutDoneAt: nowIso })
      .where(and(eq(emailCampaigns.id, campaign.id), isNull(emailCampaigns.fanoutDoneAt)));
    await completeIfDone(db, campaign.id, nowIso);
  }
}

/** Opens a zone's wave (once: unique per campaign and zone) and enqueues its first fan-out page. */
async function openWave(deps: EmailDeps, campaignId: string, sendDay: string, zone: string): Promise<Wave | null> {
  const nowIso = deps.now().toISOString();
  const [wave] = await deps.db
    .insert(emailCampaignWaves)
    .values({
      campaignId,
      timeZone: zone,
      dueAt: weeklySendDueAt(sendDay, zone).toISOString(),
      dayEndsAt: endOfDayAt(sendDay, zone).toISOString(),
      createdAt: nowIso,
    })
    .onConflictDoNothing()
    .returning();
  if (!wave) return null;
  try {
    await deps.queue.send({ type: "fanout", campaignId, waveId: wave.id, after: null });
  } catch (err) {
    // Nothing was enqueued: remove the wave so the next tick opens it again.
    await deps.db.delete(emailCampaignWaves).where(eq(emailCampaignWaves.id, wave.id));
    throw err;
  }
  await deps.db
    .update(emailCampaigns)
    .set({ status: "sending" })
    .where(and(eq(emailCampaigns.id, campaignId), eq(emailCampaigns.status, "pending")));
  return wave;
}

async function addLateJoiners(deps: EmailDeps, campaignId: string, wave: Wave, nowIso: string): Promise<void> {
  const added = await ledger(deps.db.$client)
    .insertLateJoiners(campaignId, wave.id, wave.timeZone, wave.createdAt, nowIso)
    .all<{ subscriber_id: string }>();
  const ids = added.results.map((r) => r.subscriber_id);
  if (ids.length > 0) await enqueueAll(deps.queue, recipientJobs(campaignId, wave.id, ids));
}

/** The frequent cron tick's weekly-email work. */
export async function runWeeklySchedule(deps: EmailDeps): Promise<StartedCampaign[]> {
  const zones = await activeZones(deps);
  const started = await openDueCampaigns(deps, zones);
  await advanceWaves(deps, zones);
  return started;
}
