import {
  memberReminderRequestSchemaWith,
  type ReminderRequestMessages,
  reminderRequestSchemaWith,
} from "#contract/event-reminders/schemas";
import type { Locale } from "#contract/i18n/locales";
import { translate } from "../../platform/i18n";

/**
 * "Remind me"'s answers in the caller's language (issue 46, decision 273): the page's own (`Accept-Language` from its
 * `<html lang>`), from locales/<locale>/site/events.json, whose English is REMINDER_MESSAGES' and REMINDER_COPY's.
 */
export const reminderText = {
  notFound: (l: Locale) => translate(l, "events.remind.msg.notFound"),
  started: (l: Locale) => translate(l, "events.remind.msg.started"),
  eventCancelled: (l: Locale) => translate(l, "events.remind.msg.cancelled"),
  invalidLink: (l: Locale) => translate(l, "events.remind.msg.invalidLink"),
  rateLimited: (l: Locale) => translate(l, "events.remind.msg.rateLimited"),
  checkInbox: (l: Locale, email: string) => translate(l, "events.remind.msg.checkInbox", { email }),
  notSent: (l: Locale, email: string) => translate(l, "events.remind.msg.notSent", { email }),
  set: (l: Locale) => translate(l, "events.remind.msg.set"),
  cancelled: (l: Locale) => translate(l, "events.remind.msg.reminderCancelled"),
};

const requestMessages = (l: Locale): ReminderRequestMessages => ({
  email: translate(l, "events.remind.msg.email"),
  event: translate(l, "events.remind.msg.event"),
});

export const reminderRequestSchemaIn = (l: Locale) => reminderRequestSchemaWith(requestMessages(l));
export const memberReminderRequestSchemaIn = (l: Locale) => memberReminderRequestSchemaWith(requestMessages(l));
