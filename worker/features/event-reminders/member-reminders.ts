import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { MemberReminder } from "#contract/event-reminders/responses";
import { eventReminders } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { type ReminderRow, reminderView } from "./service";

/** More upcoming reminders than anyone keeps; the list stays one bounded read (and a read of each event). */
export const MEMBER_REMINDERS_LIMIT = 50;

/**
 * The member's reminders still to come, soonest first: those asked for with the account's address, by a tap or
 * from the form (the address is theirs: they signed in with it), set or waiting for confirmation.
 */
export async function memberReminders(db: Db, email: string, now: Date): Promise<MemberReminder[]> {
  const rows = await db
    .select()
    .from(eventReminders)
    .where(
      and(
        eq(eventReminders.email, email),
        inArray(eventReminders.status, ["pending", "active"]),
        gt(eventReminders.eventStartAt, now.toISOString()),
      ),
    )
    .orderBy(asc(eventReminders.eventStartAt))
    .limit(MEMBER_REMINDERS_LIMIT);
  return Promise.all(rows.map(async (row) => ({ id: row.id, ...(await reminderView(db, row)) })));
}

/** One of the member's reminders by id; null for an id that is not theirs (no telling whose it is). */
export async function memberReminder(db: Db, email: string, id: string): Promise<ReminderRow | null> {
  const [row] = await db
    .select()
    .from(eventReminders)
    .where(and(eq(eventReminders.id, id), eq(eventReminders.email, email)))
    .limit(1);
  return row ?? null;
}
