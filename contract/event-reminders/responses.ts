import { z } from "zod";

export const REMINDER_STATUSES = ["pending", "active", "cancelled", "event_cancelled"] as const;

/** What a reminder request answers: set at once (a member's tap) or waiting for the emailed confirmation. */
export const reminderRequestAnswer = z.object({
  status: z.enum(["pending", "active"]),
  /** The address, masked as the pages show addresses. */
  masked_email: z.string(),
  /** Whether this request sent a confirmation email (false: one went a short while ago, or none was needed). */
  confirmation_sent: z.boolean(),
  message: z.string(),
});

/** A reminder as its link's page shows it. */
export const reminderViewSchema = z
  .object({
    status: z.enum(REMINDER_STATUSES),
    masked_email: z.string(),
    /** When the reminder goes (UTC), null until it is set or once it has gone. */
    due_at: z.string().nullable(),
    event: z.object({
      id: z.string(),
      title: z.string(),
      start_time: z.string(),
      end_time: z.string().nullable(),
      all_day: z.boolean(),
      is_virtual: z.boolean(),
      time_zone: z.string().nullable(),
      /** The event's page, a site path; null when the event is no longer listed. */
      path: z.string().nullable(),
    }),
  })
  .meta({ id: "EventReminder" });

export const reminderAnswer = z.object({ reminder: reminderViewSchema, message: z.string() });

/** The admin's counts per upcoming event. */
export const reminderCountsAnswer = z.object({
  events: z.array(
    z.object({
      event_id: z.string(),
      title: z.string(),
      start_time: z.string(),
      pending: z.number().int(),
      active: z.number().int(),
      cancelled: z.number().int(),
      sent: z.number().int(),
    }),
  ),
});

export type ReminderView = z.infer<typeof reminderViewSchema>;

/** A signed-in member's upcoming reminders (issue 47): each with its id, for "Cancel reminder". */
export const memberRemindersAnswer = z.object({
  reminders: z.array(reminderViewSchema.extend({ id: z.string() })),
});

export type MemberReminder = z.infer<typeof memberRemindersAnswer>["reminders"][number];
