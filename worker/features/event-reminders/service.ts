import { and, eq, gt, sql } from "drizzle-orm";
import type { ReminderView } from "#contract/event-reminders/responses";
import { eventPath } from "#contract/events/event-path";
import type { Locale } from "#contract/i18n/locales";
import { isValidTimeZone } from "#contract/platform/zoned-time";
import { screenMaskedEmail } from "#contract/subscribers/signup-rules";
import { eventReminderMails, eventReminders, events } from "../../../db/schema";
import { randomToken, sha256Hex } from "../../platform/crypto";
import type { Db } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { openSecret, sealSecret } from "../../platform/secret-box";
import { reminderText } from "./messages";
import { eventOverAt, reminderDueAt } from "./timing";

export type ReminderRow = typeof eventReminders.$inferSelect;
type EventRow = typeof events.$inferSelect;

const PURPOSE = "earthkind:event-reminder-token:v1";
/** A new confirmation for the same event and address at most this often (the signup's spacing, decision 226). */
export const CONFIRM_SPACING_MS = 10 * 60_000;
/** Confirmation emails to one address in 24 hours, across events: a stranger cannot make us write more. */
export const CONFIRMS_PER_ADDRESS_PER_DAY = 5;

/** `locale`: the caller's language, for the answers (and, when asking, the reminder's emails). */
export type ReminderContext = { siteZone: string; jwtSecret: string; now: Date; locale: Locale };

/** A listed event by id (a merged copy answers as the listing it was merged into, decision 199). */
export async function listedEvent(db: Db, id: string): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  if (row?.status === "merged" && row.mergedInto) return listedEvent(db, row.mergedInto);
  return row && (row.status === "approved" || row.status === "cancelled") ? row : null;
}

/** The event a reminder can be asked for: listed, not cancelled, not begun. Else the spec-style 404/409. */
async function remindableEvent(db: Db, id: string, ctx: ReminderContext): Promise<EventRow> {
  const event = await listedEvent(db, id);
  if (!event) throw notFound(reminderText.notFound(ctx.locale));
  if (event.status === "cancelled") throw conflict(reminderText.eventCancelled(ctx.locale), "event_cancelled");
  if (eventOverAt(event, ctx.siteZone).getTime() <= ctx.now.getTime())
    throw conflict(reminderText.started(ctx.locale), "event_started");
  return event;
}

const dueFor = (event: EventRow, ctx: ReminderContext) => reminderDueAt(event, ctx.siteZone, ctx.now).toISOString();

/** The link's token: 256 random bits, stored as its SHA-256 and sealed for the emails (decision 214's pattern). */
async function issueToken(jwtSecret: string) {
  const token = randomToken(32);
  return { token, hash: await sha256Hex(token), sealed: await sealSecret(jwtSecret, PURPOSE, token) };
}

/** The token an email's links carry; null when the box cannot be opened (JWT_SECRET rotated). */
export const openReminderToken = (jwtSecret: string, row: Pick<ReminderRow, "tokenSealed">) =>
  openSecret(jwtSecret, PURPOSE, row.tokenSealed);

export type RequestOutcome = {
  status: "pending" | "active";
  /** The confirmation email to enqueue (its mail row's id), or null when none goes. */
  mailId: string | null;
  email: string;
};

/**
 * Asks for a reminder (decision 253). `verified`: the address is a signed-in member's verified one, so the reminder
 * is set at once; anyone else gets a confirmation email first, at most one per event and address every 10 minutes
 * and 5 a day per address. An address that already has the reminder gets the same answer and an email saying so
 * (the answer must not tell a stranger which addresses asked).
 */
export async function requestReminder(
  db: Db,
  input: { eventId: string; email: string; userId: string | null; verified: boolean },
  ctx: ReminderContext,
): Promise<RequestOutcome> {
  const event = await remindableEvent(db, input.eventId, ctx);
  const nowIso = ctx.now.toISOString();
  const [existing] = await db
    .select()
    .from(eventReminders)
    .where(and(eq(eventReminders.eventId, event.id), eq(eventReminders.email, input.email)))
    .limit(1);
  const activeFields = {
    status: "active" as const,
    confirmedAt: nowIso,
    cancelledAt: null,
    dueAt: dueFor(event, ctx),
    eventStartAt: event.startAtUtc,
    eventTitle: event.title,
    // The language it was last asked in: the one its emails go in.
    locale: ctx.locale,
    updatedAt: nowIso,
  };
  if (input.verified) {
    if (existing) {
      if (existing.status !== "active")
        await db
          .update(eventReminders)
          .set({ ...activeFields, userId: input.userId })
          .where(eq(eventReminders.id, existing.id));
    } else {
      const token = await issueToken(ctx.jwtSecret);
      await db
        .insert(eventReminders)
        .values({
          eventId: event.id,
          email: input.email,
          userId: input.userId,
          tokenHash: token.hash,
          tokenSealed: token.sealed,
          ...activeFields,
          createdAt: nowIso,
        })
        .onConflictDoNothing();
    }
    return { status: "active", mailId: null, email: input.email };
  }

  let row = existing;
  if (!row) {
    const token = await issueToken(ctx.jwtSecret);
    [row] = await db
      .insert(eventReminders)
      .values({
        eventId: event.id,
        email: input.email,
        userId: input.userId,
        tokenHash: token.hash,
        tokenSealed: token.sealed,
        eventTitle: event.title,
        eventStartAt: event.startAtUtc,
        locale: ctx.locale,
        createdAt: nowIso,
        updatedAt: nowIso,
      })
      .onConflictDoUpdate({
        target: [eventReminders.eventId, eventReminders.email],
        set: { locale: ctx.locale, updatedAt: nowIso },
      })
      .returning();
  } else if (row.status === "cancelled" || row.status === "event_cancelled") {
    // Asked again after cancelling: pending until confirmed again, with the same link.
    await db
      .update(eventReminders)
      .set({
        status: "pending",
        dueAt: null,
        eventStartAt: event.startAtUtc,
        eventTitle: event.title,
        locale: ctx.locale,
        updatedAt: nowIso,
      })
      .where(eq(eventReminders.id, row.id));
  } else if (row.locale !== ctx.locale) {
    // Asked again from the other language's page: the confirmation (and what follows) goes in that one.
    await db.update(eventReminders).set({ locale: ctx.locale, updatedAt: nowIso }).where(eq(eventReminders.id, row.id));
  }
  if (!row) throw new Error("event reminder: no row");
  const mailId = await claimConfirmation(db, row, ctx.now);
  return { status: "pending", mailId, email: input.email };
}

/** A confirmation mail row for the reminder, unless one went too recently (per reminder, per address). */
async function claimConfirmation(db: Db, row: ReminderRow, now: Date): Promise<string | null> {
  const nowIso = now.toISOString();
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const [sent] = await db
    .select({ n: sql<number>`count(*)` })
    .from(eventReminderMails)
    .innerJoin(eventReminders, eq(eventReminders.id, eventReminderMails.reminderId))
    .where(
      and(
        eq(eventReminders.email, row.email),
        eq(eventReminderMails.kind, "confirm"),
        gt(eventReminderMails.createdAt, since),
      ),
    );
  if ((sent?.n ?? 0) >= CONFIRMS_PER_ADDRESS_PER_DAY) return null;
  // One statement decides the spacing, so two requests at once cannot both send.
  const spacedBefore = new Date(now.getTime() - CONFIRM_SPACING_MS).toISOString();
  const [claimed] = await db
    .update(eventReminders)
    .set({ confirmSentAt: nowIso, confirmSends: sql`${eventReminders.confirmSends} + 1` })
    .where(
      and(
        eq(eventReminders.id, row.id),
        sql`(${eventReminders.confirmSentAt} IS NULL OR ${eventReminders.confirmSentAt} <= ${spacedBefore})`,
      ),
    )
    .returning({ id: eventReminders.id });
  if (!claimed) return null;
  const [mail] = await db
    .insert(eventReminderMails)
    .values({
      reminderId: row.id,
      kind: "confirm",
      sendKey: `confirm:${row.id}:${nowIso}`,
      eventStartAt: row.eventStartAt,
      queuedAt: nowIso,
      createdAt: nowIso,
    })
    .onConflictDoNothing()
    .returning({ id: eventReminderMails.id });
  return mail?.id ?? null;
}

export async function reminderByToken(db: Db, token: string): Promise<ReminderRow | null> {
  const [row] = await db
    .select()
    .from(eventReminders)
    .where(eq(eventReminders.tokenHash, await sha256Hex(token)))
    .limit(1);
  return row ?? null;
}

/** The reminder as its page shows it, with the event as it is now (or as it was asked for, once gone). */
export async function reminderView(db: Db, row: ReminderRow): Promise<ReminderView> {
  const event = await listedEvent(db, row.eventId);
  return {
    status: row.status,
    masked_email: screenMaskedEmail(row.email),
    due_at: row.status === "active" ? row.dueAt : null,
    event: event
      ? {
          id: event.id,
          title: event.title,
          start_time: event.startAtUtc,
          end_time: event.endAtUtc,
          all_day: event.allDay,
          is_virtual: event.isVirtual,
          time_zone: !event.isVirtual && event.timeZone && isValidTimeZone(event.timeZone) ? event.timeZone : null,
          path: eventPath(event),
        }
      : {
          id: row.eventId,
          title: row.eventTitle,
          start_time: row.eventStartAt,
          end_time: null,
          all_day: false,
          is_virtual: false,
          time_zone: null,
          path: null,
        },
  };
}

/** The link's button: a pending (or cancelled) reminder becomes active. Spends nothing: the link stays the cancel link. */
export async function confirmReminder(db: Db, row: ReminderRow, ctx: ReminderContext): Promise<ReminderRow> {
  if (row.status === "active") return row;
  if (row.status === "event_cancelled") throw conflict(reminderText.eventCancelled(ctx.locale), "event_cancelled");
  const event = await remindableEvent(db, row.eventId, ctx);
  const nowIso = ctx.now.toISOString();
  const [updated] = await db
    .update(eventReminders)
    .set({
      status: "active",
      eventId: event.id,
      confirmedAt: nowIso,
      cancelledAt: null,
      dueAt: dueFor(event, ctx),
      eventStartAt: event.startAtUtc,
      eventTitle: event.title,
      updatedAt: nowIso,
    })
    .where(eq(eventReminders.id, row.id))
    .returning();
  return updated ?? row;
}

/** "Can't go? Cancel the reminder": repeating it is harmless. */
export async function cancelReminder(db: Db, row: ReminderRow, now: Date): Promise<ReminderRow> {
  if (row.status !== "active" && row.status !== "pending") return row;
  const nowIso = now.toISOString();
  const [updated] = await db
    .update(eventReminders)
    .set({ status: "cancelled", dueAt: null, cancelledAt: nowIso, updatedAt: nowIso })
    .where(eq(eventReminders.id, row.id))
    .returning();
  return updated ?? row;
}

/** The words an answer carries for a reminder's state, in the caller's language. */
export function statusMessage(view: Pick<ReminderView, "status" | "masked_email">, locale: Locale): string {
  switch (view.status) {
    case "pending":
      return reminderText.checkInbox(locale, view.masked_email);
    case "active":
      return reminderText.set(locale);
    case "cancelled":
      return reminderText.cancelled(locale);
    case "event_cancelled":
      return reminderText.eventCancelled(locale);
  }
}
