import { z } from "zod";
import { email } from "../platform/rule-schemas";
import { MANAGE_TOKEN_PATTERN } from "../subscribers/signup-rules";

/**
 * "Remind me" on events (decision 253): the requests both the web's control and the Worker's routes check, and
 * the words both show. Plain zod and strings: the web's islands import them.
 */
export const REMINDER_MESSAGES = {
  email: "Please enter a valid email address.",
  event: "Choose an event to be reminded of.",
  notFound: "We couldn't find that event. It may have ended.",
  started: "This event has already started, so there's nothing to remind you of.",
  cancelled: "This event was cancelled, so we won't send a reminder.",
  invalidLink: "This reminder link is not valid. It may have been mistyped or expired.",
  rateLimited: "Too many reminder requests. Please wait a minute and try again.",
} as const;

/** The page's words, one place (decision 253's copy). */
export const REMINDER_COPY = {
  button: "Remind me",
  hint: "We'll email you the day before. One reminder, nothing else.",
  checkInbox: (masked: string) =>
    `Almost done: press the button in the email we just sent to ${masked} to set your reminder.`,
  notSent: (masked: string) =>
    `We sent a confirmation to ${masked} a short while ago. Check your inbox (and spam folder) for it.`,
  set: "Reminder set. We'll email you before it starts.",
  cancelled: "Reminder cancelled. We won't email you about this event.",
} as const;

/** The requests' messages in one language (English: REMINDER_MESSAGES; others from their catalogue). */
export type ReminderRequestMessages = { email: string; event: string };

const emailSchemaWith = (m: ReminderRequestMessages) =>
  z.string({ error: m.email }).trim().toLowerCase().apply(email(m.email));

const eventIdSchemaWith = (m: ReminderRequestMessages) => z.string({ error: m.event }).trim().min(1, m.event).max(64);

export const reminderEmailSchema = emailSchemaWith(REMINDER_MESSAGES);

/** A visitor's request (the event and the address to confirm), its messages in one language. */
export const reminderRequestSchemaWith = (m: ReminderRequestMessages) =>
  z.object({ event_id: eventIdSchemaWith(m), email: emailSchemaWith(m) });

/** A signed-in member's one tap (the address is the account's), its messages in one language. */
export const memberReminderRequestSchemaWith = (m: ReminderRequestMessages) =>
  z.object({ event_id: eventIdSchemaWith(m) });

export const reminderRequestSchema = reminderRequestSchemaWith(REMINDER_MESSAGES);
export const memberReminderRequestSchema = memberReminderRequestSchemaWith(REMINDER_MESSAGES);

/** The link's token (256 random bits, base64url), as the manage links'. */
export const reminderTokenSchema = z
  .string({ error: REMINDER_MESSAGES.invalidLink })
  .trim()
  .regex(MANAGE_TOKEN_PATTERN, REMINDER_MESSAGES.invalidLink);

export const reminderTokenBodySchema = z.object({ token: reminderTokenSchema });
export const reminderTokenQuerySchema = z.object({ token: reminderTokenSchema });
