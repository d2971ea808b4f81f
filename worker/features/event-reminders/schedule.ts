import { and, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { eventReminderMails, eventReminders, events } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { type EmailJob, enqueueAll } from "../email/jobs";
import { eventOverAt, reminderDueAt } from "./timing";

/** Rows one tick handles per step: a busy Saturday's reminders spread over a few ticks at worst. */
const PAGE = 200;
/** A queued mail not sent after this long lost its queue message (an enqueue that failed): it is enqueued again. */
const STALE_MS = 30 * 60_000;

type Deps = { db: Db; queue: Queue<EmailJob>; siteZone: string; now: Date };
type MailKind = (typeof eventReminderMails.$inferInsert)["kind"];

/** Inserts a mail row under its unique key; the id only when this call made it (a repeat finds it taken). */
async function newMail(
  db: Db,
  m: { reminderId: string; kind: MailKind; key: string; startAt: string; previous?: string | null; now: string },
) {
  const [row] = await db
    .insert(eventReminderMails)
    .values({
      reminderId: m.reminderId,
      kind: m.kind,
      sendKey: m.key,
      eventStartAt: m.startAt,
      previousStartAt: m.previous ?? null,
      queuedAt: m.now,
      createdAt: m.now,
    })
    .onConflictDoNothing()
    .returning({ id: eventReminderMails.id });
  return row?.id ?? null;
}

/**
 * Active reminders whose event changed before it began (decision 253): cancelled, refused, gone (a notice, and the
 * reminder ends), merged into another listing (it follows the listing), or moved (a notice with the new time, and the
 * reminder is set again for it). Reads only active reminders of events still ahead (an event that ended and then
 * dropped out of its feed is marked cancelled by ingestion: no notice for that).
 */
async function eventChanges(d: Deps, mails: string[]) {
  const nowIso = d.now.toISOString();
  const rows = await d.db
    .select({ r: eventReminders, e: events })
    .from(eventReminders)
    .leftJoin(events, eq(events.id, eventReminders.eventId))
    .where(
      and(
        eq(eventReminders.status, "active"),
        sql`${eventReminders.eventStartAt} > ${nowIso}`,
        sql`(${events.id} IS NULL OR ${events.status} <> 'approved' OR ${events.startAtUtc} <> ${eventReminders.eventStartAt})`,
      ),
    )
    .limit(PAGE);
  for (const { r, e } of rows) {
    if (e?.status === "merged" && e.mergedInto) {
      // The same event under the listing that keeps it: a duplicate of the person's reminder there just ends.
      const [there] = await d.db
        .select({ id: eventReminders.id })
        .from(eventReminders)
        .where(and(eq(eventReminders.eventId, e.mergedInto), eq(eventReminders.email, r.email)))
        .limit(1);
      await d.db
        .update(eventReminders)
        .set(
          there
            ? { status: "cancelled", dueAt: null, updatedAt: nowIso }
            : { eventId: e.mergedInto, updatedAt: nowIso },
        )
        .where(eq(eventReminders.id, r.id));
      continue;
    }
    if (e?.status !== "approved") {
      const id = await newMail(d.db, {
        reminderId: r.id,
        kind: "cancelled",
        key: `cancelled:${r.id}:${r.eventStartAt}`,
        startAt: r.eventStartAt,
        now: nowIso,
      });
      await d.db
        .update(eventReminders)
        .set({ status: "event_cancelled", dueAt: null, updatedAt: nowIso })
        .where(eq(eventReminders.id, r.id));
      if (id) mails.push(id);
      continue;
    }
    // Moved. Ahead still: a notice, and the reminder follows the new start. Moved into the past: nothing to say.
    const ahead = eventOverAt(e, d.siteZone).getTime() > d.now.getTime();
    const id = ahead
      ? await newMail(d.db, {
          reminderId: r.id,
          kind: "moved",
          key: `moved:${r.id}:${e.startAtUtc}`,
          startAt: e.startAtUtc,
          previous: r.eventStartAt,
          now: nowIso,
        })
      : null;
    await d.db
      .update(eventReminders)
      .set({
        eventStartAt: e.startAtUtc,
        eventTitle: e.title,
        dueAt: ahead ? reminderDueAt(e, d.siteZone, d.now).toISOString() : null,
        updatedAt: nowIso,
      })
      .where(eq(eventReminders.id, r.id));
    if (id) mails.push(id);
  }
}

/** Reminders due by this tick: one mail row each, keyed by the reminder and the start it is for. */
async function dueReminders(d: Deps, mails: string[]) {
  const nowIso = d.now.toISOString();
  const rows = await d.db
    .select({ r: eventReminders, e: events })
    .from(eventReminders)
    .innerJoin(events, eq(events.id, eventReminders.eventId))
    .where(and(eq(eventReminders.status, "active"), isNotNull(eventReminders.dueAt), lte(eventReminders.dueAt, nowIso)))
    .limit(PAGE);
  for (const { r, e } of rows) {
    // A change the step before has not handled yet (the next tick does), or an event already begun (ticks missed).
    const current = e.status === "approved" && e.startAtUtc === r.eventStartAt;
    if (!current) continue;
    const id =
      eventOverAt(e, d.siteZone).getTime() > d.now.getTime()
        ? await newMail(d.db, {
            reminderId: r.id,
            kind: "reminder",
            key: `reminder:${r.id}:${r.eventStartAt}`,
            startAt: r.eventStartAt,
            now: nowIso,
          })
        : null;
    await d.db.update(eventReminders).set({ dueAt: null, updatedAt: nowIso }).where(eq(eventReminders.id, r.id));
    if (id) mails.push(id);
  }
}

/** Mail rows whose queue message was lost (an enqueue that failed after the row was written). */
async function staleMails(d: Deps): Promise<string[]> {
  const before = new Date(d.now.getTime() - STALE_MS).toISOString();
  const rows = await d.db
    .select({ id: eventReminderMails.id })
    .from(eventReminderMails)
    .where(
      and(
        inArray(eventReminderMails.status, ["queued", "sending"]),
        lte(eventReminderMails.queuedAt, before),
        or(sql`${eventReminderMails.claimedAt} IS NULL`, lte(eventReminderMails.claimedAt, before)),
      ),
    )
    .limit(PAGE);
  const ids = rows.map((r) => r.id);
  if (ids.length)
    await d.db
      .update(eventReminderMails)
      .set({ queuedAt: d.now.toISOString() })
      .where(inArray(eventReminderMails.id, ids));
  return ids;
}

/**
 * The frequent cron's reminder step (decision 253), with the tick's scheduled time as "now": notices for changed
 * events, then the reminders due, each a mail row under a unique key, then one queue message per new row (and per
 * row whose message was lost). Running twice for the same tick enqueues nothing twice.
 */
export async function runReminderSchedule(d: Deps) {
  const mails: string[] = [];
  await eventChanges(d, mails);
  const notices = mails.length;
  await dueReminders(d, mails);
  const stale = await staleMails(d);
  const ids = [...new Set([...mails, ...stale])];
  await enqueueAll(
    d.queue,
    ids.map((mailId) => ({ type: "event-reminder", mailId })),
  );
  return { notices, reminders: mails.length - notices, requeued: stale.filter((id) => !mails.includes(id)).length };
}

/** Reminders (and their mail rows, by cascade) are kept 30 days past their event, then deleted by the daily cron. */
export const REMINDER_KEEP_DAYS = 30;
const PRUNE_BATCH = 1000;

export async function pruneEventReminders(db: Db, now: Date): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - REMINDER_KEEP_DAYS * 86_400_000).toISOString();
  const result = await db.$client
    .prepare(
      `DELETE FROM event_reminders WHERE id IN
         (SELECT id FROM event_reminders WHERE event_start_at < ? LIMIT ${PRUNE_BATCH})`,
    )
    .bind(before)
    .run();
  return { deleted: result.meta.changes ?? 0 };
}
