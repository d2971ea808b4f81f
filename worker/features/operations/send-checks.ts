import { and, eq, gte, inArray, or, sql } from "drizzle-orm";
import { alerts, emailCampaigns } from "../../../db/schema";
import { unstartedScheduledActions } from "../email/campaigns";
import { isSendDue } from "../email/schedule";
import { type AlertDeps, raiseAlert } from "./alerts";
import { pruneOpsState, readOpsState, writeOpsState } from "./ops-state";

type CheckDeps = AlertDeps & { now: () => Date };

const MINUTE_MS = 60_000;
/** A scheduled send that has not started this long after it was due is an alert. */
export const OVERDUE_AFTER_MS = 30 * MINUTE_MS;
/** A running send whose counters and fan-out cursor have not moved for this long has stalled. */
export const STALL_AFTER_MS = 15 * MINUTE_MS;
/** More failed recipients than this share of a finished send is an alert. */
export const FAILURE_RATE_LIMIT = 0.01;

/**
 * Weekly sends the schedule says should have started 30 minutes ago but have no campaign. "Due"
 * is the schedule module's own rule (isSendDue), asked about the instant 30 minutes back, so this
 * follows whatever the schedule decides.
 */
export async function checkOverdueSends(deps: CheckDeps): Promise<{ overdue: number }> {
  const now = deps.now();
  const thirtyMinutesAgo = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const candidates = await unstartedScheduledActions(deps.db, now);
  const overdue = candidates.filter((a) => isSendDue(a, thirtyMinutesAgo, deps.config.SITE_TIMEZONE));
  for (const action of overdue) {
    await raiseAlert(deps, {
      kind: "weekly_send_overdue",
      subject: action.id,
      details: `The weekly email for "${action.title}" (starting ${action.startDate}) was due at least 30 minutes ago and has not started. Check the Worker logs for "weekly send", the mail provider settings, then send it from the admin dashboard.`,
    });
  }
  return { overdue: overdue.length };
}

const progressKey = (campaignId: string) => `campaign-progress:${campaignId}`;
type Progress = { signature: string; since: string };

/**
 * Running weekly sends: one whose progress (outcome counters, fan-out cursor) has not changed for
 * 15 minutes of ticks has stalled. Each tick keeps a snapshot per running campaign in ops_state.
 * Finished sends: more than 1 % failed recipients, or a send that stopped as failed, raise once.
 */
export async function checkCampaigns(deps: CheckDeps): Promise<{ running: number; stalled: number; failed: number }> {
  const { db } = deps;
  const now = deps.now();
  const running = await db
    .select()
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.kind, "weekly"), inArray(emailCampaigns.status, ["pending", "sending"])))
    .limit(20);
  let stalled = 0;
  for (const c of running) {
    const signature = [c.sentCount + c.failedCount + c.skippedCount, c.fanoutCursor, c.fanoutDoneAt].join("|");
    const seen = await readOpsState<Progress>(db, progressKey(c.id));
    if (!seen || seen.signature !== signature) {
      await writeOpsState(db, progressKey(c.id), { signature, since: now.toISOString() }, now);
      continue;
    }
    const quietMs = now.getTime() - Date.parse(seen.since);
    if (quietMs < STALL_AFTER_MS) continue;
    stalled++;
    const done = c.sentCount + c.failedCount + c.skippedCount;
    await raiseAlert(deps, {
      kind: "campaign_stalled",
      subject: c.id,
      details: `Weekly send ${c.id} has made no progress for ${Math.round(quietMs / MINUTE_MS)} minutes (${done} of ${c.totalRecipients} recipients done${c.fanoutDoneAt ? "" : ", recipients still being queued"}). It resumes by itself when the queue runs again; see the README runbook "A Monday send failed halfway".`,
    });
  }
  await pruneOpsState(
    db,
    "campaign-progress:",
    running.map((c) => progressKey(c.id)),
  );

  const since = new Date(now.getTime() - 24 * 60 * MINUTE_MS).toISOString();
  const ended = await db
    .select()
    .from(emailCampaigns)
    .where(
      and(
        eq(emailCampaigns.kind, "weekly"),
        or(
          and(
            eq(emailCampaigns.status, "completed"),
            gte(emailCampaigns.completedAt, since),
            sql`${emailCampaigns.failedCount} > ${emailCampaigns.totalRecipients} * ${FAILURE_RATE_LIMIT}`,
          ),
          and(eq(emailCampaigns.status, "failed"), gte(emailCampaigns.createdAt, since)),
        ),
        // Raised once per send, whatever the day: the alert row is the record that it was.
        sql`NOT EXISTS (SELECT 1 FROM ${alerts} WHERE ${alerts.kind} = 'campaign_failures' AND ${alerts.subject} = ${emailCampaigns.id})`,
      ),
    )
    .limit(10);
  for (const c of ended) {
    const share = c.totalRecipients ? ((100 * c.failedCount) / c.totalRecipients).toFixed(1) : "0";
    await raiseAlert(deps, {
      kind: "campaign_failures",
      subject: c.id,
      details:
        c.status === "failed"
          ? `Weekly send ${c.id} stopped: ${c.error ?? "it failed"}. ${c.sentCount} of ${c.totalRecipients} recipients were sent.`
          : `Weekly send ${c.id} finished with ${c.failedCount} of ${c.totalRecipients} recipients failed (${share} %). The failures and their reasons are in email_deliveries; check the mail provider's key and status.`,
    });
  }
  return { running: running.length, stalled, failed: ended.length };
}
