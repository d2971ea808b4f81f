import { and, eq, lte, or, sql } from "drizzle-orm";
import { eventReminderMails, eventReminders, type events } from "../../../db/schema";
import { translatorFor } from "../../platform/i18n";
import { siteFromConfig } from "../email/content";
import { backoffSeconds, type EmailDeps, type EmailJob } from "../email/jobs";
import { suppressionOf } from "../email/suppressions";
import type { RenderedEmail } from "../email/templates/layout";
import { renderCancelledNotice, renderConfirmEmail, renderMovedNotice, renderReminderEmail, whenText } from "./emails";
import { listedEvent, openReminderToken, type ReminderRow } from "./service";
import { isDayBefore } from "./timing";

type MailRow = typeof eventReminderMails.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** A claim older than this was left by a consumer that stopped mid-send: the queue's retry may take it again. */
export const CLAIM_TIMEOUT_MS = 10 * 60_000;

/** Takes the mail row for this delivery: only one delivery of a message (or of a duplicate) ever holds it. */
async function claim(deps: EmailDeps, mailId: string): Promise<MailRow | null> {
  const now = deps.now();
  const stale = new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString();
  const [row] = await deps.db
    .update(eventReminderMails)
    .set({ status: "sending", claimedAt: now.toISOString() })
    .where(
      and(
        eq(eventReminderMails.id, mailId),
        or(
          eq(eventReminderMails.status, "queued"),
          and(eq(eventReminderMails.status, "sending"), lte(eventReminderMails.claimedAt, stale)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

const settle = (deps: EmailDeps, id: string, status: MailRow["status"], error: string | null = null) =>
  deps.db
    .update(eventReminderMails)
    .set({
      status,
      error,
      claimedAt: null,
      ...(status === "sent" ? { sentAt: deps.now().toISOString() } : {}),
    })
    .where(eq(eventReminderMails.id, id));

/** The email this row stands for, or null when it no longer should go (cancelled since, moved since). */
async function render(
  deps: EmailDeps,
  mail: MailRow,
  reminder: ReminderRow,
  event: EventRow | null,
): Promise<RenderedEmail | null> {
  const site = siteFromConfig(deps.config);
  const zone = deps.config.SITE_TIMEZONE;
  const token = await openReminderToken(deps.config.JWT_SECRET ?? "", reminder);
  // In the language the reminder was asked in (decision 273).
  const lang = { locale: reminder.locale, t: translatorFor(reminder.locale) };
  switch (mail.kind) {
    case "confirm":
      if (!event || !token || (reminder.status !== "pending" && reminder.status !== "active")) return null;
      return renderConfirmEmail(site, event, zone, token, reminder.status === "active", lang);
    case "reminder":
      if (!event || reminder.status !== "active" || event.startAtUtc !== mail.eventStartAt) return null;
      return renderReminderEmail(site, event, zone, token, isDayBefore(event, zone, deps.now()), lang);
    case "moved":
      if (!event || reminder.status !== "active" || !mail.previousStartAt) return null;
      return renderMovedNotice(
        site,
        event,
        zone,
        token,
        whenText({ ...event, startAtUtc: mail.previousStartAt, endAtUtc: null }, zone, lang),
        lang,
      );
    case "cancelled": {
      const at = event ?? {
        startAtUtc: mail.eventStartAt,
        endAtUtc: null,
        allDay: false,
        timeZone: null,
        isVirtual: false,
      };
      return renderCancelledNotice(
        site,
        event?.title ?? reminder.eventTitle,
        whenText({ ...at, startAtUtc: mail.eventStartAt }, zone, lang),
        lang,
      );
    }
  }
}

/**
 * Sends one email about a reminder, once (decision 253): the mail row is claimed first, so a queue message that is
 * delivered twice (or enqueued twice by the cron's sweep) finds it taken; the provider also gets the row's key as
 * its idempotency key. Paced like every email: the provider is the consumer's, behind the one MailPacer.
 */
export async function deliverReminderMail(
  deps: EmailDeps,
  job: Extract<EmailJob, { type: "event-reminder" }>,
  attempts: number,
): Promise<{ retryAfterSeconds?: number }> {
  const mail = await claim(deps, job.mailId);
  if (!mail) return {};
  const [reminder] = await deps.db.select().from(eventReminders).where(eq(eventReminders.id, mail.reminderId)).limit(1);
  if (!reminder) {
    await settle(deps, mail.id, "skipped", "reminder deleted");
    return {};
  }
  const event = await listedEvent(deps.db, reminder.eventId);
  const rendered = await render(deps, mail, reminder, event);
  if (!rendered) {
    await settle(deps, mail.id, "skipped", "no longer due");
    return {};
  }
  // The person asked for this one email: it goes even to an address that once marked the weekly email as spam,
  // never to one that bounces (the reconfirmation's rule, decision 072).
  const complaintOnly = (await suppressionOf(deps.db, reminder.email)) === "complaint";
  let result: Awaited<ReturnType<EmailDeps["provider"]["sendBatch"]>>[number] | undefined;
  try {
    [result] = await deps.provider.sendBatch([
      {
        to: reminder.email,
        ...rendered,
        stream: "marketing",
        idempotencyKey: `event-reminder:${mail.sendKey}`,
        evenIfSuppressed: complaintOnly,
      },
    ]);
  } catch (err) {
    result = { ok: false, error: err instanceof Error ? err.message : String(err), retryable: true };
  }
  if (result?.ok) {
    await settle(deps, mail.id, "sent");
    return {};
  }
  if (result?.retryable) {
    // Back to the queue's hands: the next delivery claims it again.
    await deps.db
      .update(eventReminderMails)
      .set({ status: "queued", claimedAt: null, error: result.error.slice(0, 500) })
      .where(and(eq(eventReminderMails.id, mail.id), sql`${eventReminderMails.status} = 'sending'`));
    return { retryAfterSeconds: result.retryAfterSeconds ?? backoffSeconds(attempts) };
  }
  await settle(deps, mail.id, "failed", (result?.error ?? "refused").slice(0, 500));
  return {};
}
