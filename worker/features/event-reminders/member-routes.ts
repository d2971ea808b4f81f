import { describeRoute } from "hono-openapi";
import { memberRemindersAnswer, reminderAnswer } from "#contract/event-reminders/responses";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { requireUser } from "../../platform/auth-guard";
import { tokenLimit } from "../../platform/client-limit";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { requestLocale, translate } from "../../platform/i18n";
import { memberReminder, memberReminders } from "./member-reminders";
import { cancelReminder, reminderView, statusMessage } from "./service";

/**
 * /api/me/reminders — the signed-in member's own upcoming event reminders, to see and cancel them without the
 * email's link (issue 47). Only reminders asked for with the account's address; another's id answers 404.
 */
export const memberReminderRoutes = createRouter()
  .use(requireUser)
  .get(
    "/",
    describeRoute({
      summary: "List the signed-in member's upcoming event reminders, soonest first",
      responses: { 200: jsonAnswer(memberRemindersAnswer, "Set or waiting for confirmation, events still to come") },
    }),
    async (c) => {
      const reminders = await memberReminders(c.var.db, c.var.user.email, new Date());
      return c.json(answer(memberRemindersAnswer, { reminders }));
    },
  )
  .post(
    "/:id/cancel",
    describeRoute({
      summary: "Cancel one of the member's reminders; repeating it is harmless",
      responses: {
        200: jsonAnswer(reminderAnswer, "Cancelled"),
        404: errorAnswer("The member has no reminder with this id"),
      },
    }),
    tokenLimit("event-reminder-cancel"),
    async (c) => {
      const locale = requestLocale(c);
      const found = await memberReminder(c.var.db, c.var.user.email, c.req.param("id"));
      if (!found) throw notFound(translate(locale, "events.remind.msg.notYours"));
      const reminder = await reminderView(c.var.db, await cancelReminder(c.var.db, found, new Date()));
      return c.json(answer(reminderAnswer, { reminder, message: statusMessage(reminder, locale) }));
    },
  );
