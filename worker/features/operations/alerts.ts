import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { dayInZone } from "#contract/platform/zoned-time";
import { alerts } from "../../../db/schema";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db";
import { notFound } from "../../platform/errors";
import { logJson } from "../../platform/log";
import { createMailProvider } from "../../platform/mail/provider";
import type { MailProvider } from "../../platform/mail/types";
import { renderAlertEmail } from "./alert-email";
import { ALERT_TITLES, type Alert, type AlertKind } from "./schemas";

export type AlertDeps = {
  db: Db;
  config: Config;
  now?: () => Date;
  /** The provider for the alert email; the configured one by default. */
  mail?: MailProvider;
};

export type RaisedAlert = { id: string; count: number; emailed: boolean };

/**
 * The one way to raise an alert. Upserts on (kind, subject, site day): the first raise of the day
 * inserts the row and emails ALERT_EMAIL (else REPLY_TO); later raises only bump the count and
 * `last_seen_at`. An acknowledged alert stays acknowledged for the rest of its day.
 *
 * Never throws: alerts are raised from error paths (dead letters, failing jobs) that must carry
 * on, so a failure here is logged and the caller goes on.
 */
export async function raiseAlert(
  deps: AlertDeps,
  alert: { kind: AlertKind; subject: string; details: string },
): Promise<RaisedAlert | null> {
  const now = deps.now?.() ?? new Date();
  const nowIso = now.toISOString();
  const details = alert.details.slice(0, 2000);
  try {
    const [row] = await deps.db
      .insert(alerts)
      .values({
        kind: alert.kind,
        subject: alert.subject,
        day: dayInZone(now, deps.config.SITE_TIMEZONE),
        details,
        firstSeenAt: nowIso,
        lastSeenAt: nowIso,
      })
      .onConflictDoUpdate({
        target: [alerts.kind, alerts.subject, alerts.day],
        set: { count: sql`${alerts.count} + 1`, lastSeenAt: nowIso, details },
      })
      .returning({ id: alerts.id, count: alerts.count, firstSeenAt: alerts.firstSeenAt });
    if (!row) return null;
    logJson({ type: "alert", kind: alert.kind, subject: alert.subject, alert_id: row.id, count: row.count }, "error");
    const emailed = await emailOnce(deps, row.id, { ...alert, details, firstSeenAt: row.firstSeenAt }, nowIso);
    return { id: row.id, count: row.count, emailed };
  } catch (err) {
    console.error("alerts: could not raise", alert.kind, alert.subject, err);
    return null;
  }
}

/**
 * Emails an alert the first time only: the row is claimed (emailed_at set where it was null) before
 * sending, so concurrent raises send once; a failed send releases the claim for the next raise.
 */
async function emailOnce(
  deps: AlertDeps,
  id: string,
  alert: { kind: AlertKind; subject: string; details: string; firstSeenAt: string },
  nowIso: string,
): Promise<boolean> {
  const to = deps.config.ALERT_EMAIL ?? deps.config.REPLY_TO;
  if (!to) return false;
  const claimed = await deps.db
    .update(alerts)
    .set({ emailedAt: nowIso })
    .where(and(eq(alerts.id, id), isNull(alerts.emailedAt)))
    .returning({ id: alerts.id });
  if (!claimed.length) return false;
  const release = () => deps.db.update(alerts).set({ emailedAt: null }).where(eq(alerts.id, id));
  try {
    const mail = deps.mail ?? createMailProvider(deps.config, deps.db);
    const rendered = renderAlertEmail(deps.config, { ...alert, title: ALERT_TITLES[alert.kind] });
    const [result] = await mail.sendBatch([
      // To the team: account mail, never held back by the newsletter's suppression list (decision 181).
      {
        to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        stream: "account",
        idempotencyKey: `alert:${id}`,
      },
    ]);
    if (result?.ok) return true;
    console.error("alerts: email failed", id, result?.error);
  } catch (err) {
    console.error("alerts: email failed", id, err);
  }
  await release();
  return false;
}

const OPEN_LIMIT = 100;
const ACKNOWLEDGED_LIMIT = 20;

/** Open alerts, newest first, then the latest acknowledged ones. */
export async function listAlerts(db: Db, opts: { includeAcknowledged: boolean }): Promise<Alert[]> {
  const open = await db
    .select()
    .from(alerts)
    .where(isNull(alerts.acknowledgedAt))
    .orderBy(desc(alerts.lastSeenAt))
    .limit(OPEN_LIMIT);
  if (!opts.includeAcknowledged) return open.map(toAlert);
  const acknowledged = await db
    .select()
    .from(alerts)
    .where(sql`${alerts.acknowledgedAt} IS NOT NULL`)
    .orderBy(desc(alerts.acknowledgedAt))
    .limit(ACKNOWLEDGED_LIMIT);
  return [...open, ...acknowledged].map(toAlert);
}

/** Acknowledges an alert; acknowledging it again keeps the first acknowledgement. */
export async function acknowledgeAlert(db: Db, id: string, userId: string, now: Date): Promise<Alert> {
  await db
    .update(alerts)
    .set({ acknowledgedAt: now.toISOString(), acknowledgedBy: userId })
    .where(and(eq(alerts.id, id), isNull(alerts.acknowledgedAt)));
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id)).limit(1);
  if (!row) throw notFound("Alert not found");
  return toAlert(row);
}

function toAlert(r: typeof alerts.$inferSelect): Alert {
  const kind = r.kind as AlertKind;
  return {
    id: r.id,
    kind,
    title: ALERT_TITLES[kind] ?? r.kind,
    subject: r.subject,
    details: r.details,
    count: r.count,
    first_seen_at: r.firstSeenAt,
    last_seen_at: r.lastSeenAt,
    emailed_at: r.emailedAt,
    acknowledged_at: r.acknowledgedAt,
  };
}
