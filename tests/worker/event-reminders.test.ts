import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventReminderMails, eventReminders, events, users } from "../../db/schema";
import type { EmailJob } from "../../worker/features/email/jobs";
import { runReminderSchedule } from "../../worker/features/event-reminders/schedule";
import { reminderDueAt } from "../../worker/features/event-reminders/timing";
import { runScheduled } from "../../worker/jobs/scheduled";
import { outboxTo, runConsumer, testDeps } from "./email-fixtures";
import { api, config, db, signIn } from "./helpers";
import { createEvent, createUser, uniqueEmail } from "./support/factories";

const SITE_ZONE = "America/Los_Angeles";

/** A queue that records what the cron puts on it, so the test can deliver it (twice, if it wants). */
function recordingQueue() {
  const sent: EmailJob[] = [];
  const queue = {
    send: async (body: EmailJob) => void sent.push(body),
    sendBatch: async (msgs: { body: EmailJob }[]) => void sent.push(...msgs.map((m) => m.body)),
  } as unknown as Queue<EmailJob>;
  return { sent, queue };
}

/** The jobs among `sent` that are about this reminder (the sweep may also re-enqueue other tests' confirmations). */
async function jobsOf(reminderId: string, sent: EmailJob[]) {
  const mine = new Set(
    (await db().select().from(eventReminderMails).where(eq(eventReminderMails.reminderId, reminderId))).map(
      (m) => m.id,
    ),
  );
  return sent.filter((j) => j.type === "event-reminder" && mine.has(j.mailId));
}

const tick = (iso: string, queue: Queue<EmailJob>) =>
  runReminderSchedule({ db: db(), queue, siteZone: SITE_ZONE, now: new Date(iso) });

/** The reminder's link token, read from the confirmation email as its owner would. */
async function tokenFromMail(to: string, subject: RegExp) {
  const mails = (await outboxTo(to)).filter((m) => subject.test(m.subject));
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${to} matching ${subject}`);
  const match = /\/reminder\?token=([A-Za-z0-9_-]+)/.exec(last.text);
  if (!match?.[1]) throw new Error("no reminder link in the mail");
  return { token: match[1], mail: last };
}

/** Delivers the confirmation jobs the request's route put on the real queue, by running the consumer on them. */
async function deliverConfirmations(email: string) {
  const rows = await db()
    .select({ id: eventReminderMails.id })
    .from(eventReminderMails)
    .innerJoin(eventReminders, eq(eventReminders.id, eventReminderMails.reminderId))
    .where(eq(eventReminders.email, email));
  await runConsumer(
    rows.map((r) => ({ type: "event-reminder", mailId: r.id })),
    testDeps(),
  );
}

const future = (days: number, hourUtc = 18) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d.toISOString();
};

describe("the reminder's time (the event's zone)", () => {
  const at = (iso: string) => new Date(iso);
  it("is 09:00 the day before on the event's clock, on both sides of a DST change", () => {
    // Sunday Nov 1 2026 is the end of DST in New York: the day before is EDT, the day of the event EST.
    const e = { startAtUtc: "2026-11-01T15:00:00.000Z", allDay: false, timeZone: "America/New_York", isVirtual: false };
    expect(reminderDueAt(e, SITE_ZONE, at("2026-10-20T00:00:00Z")).toISOString()).toBe("2026-10-31T13:00:00.000Z");
    // Spring forward (Mar 8 2026): the day before is still standard time.
    const spring = { ...e, startAtUtc: "2026-03-09T14:00:00.000Z" };
    expect(reminderDueAt(spring, SITE_ZONE, at("2026-03-01T00:00:00Z")).toISOString()).toBe("2026-03-08T13:00:00.000Z");
    // Denver's place, not the site's Pacific clock.
    const denver = { ...e, timeZone: "America/Denver", startAtUtc: "2026-12-12T17:00:00.000Z" };
    expect(reminderDueAt(denver, SITE_ZONE, at("2026-12-01T00:00:00Z")).toISOString()).toBe("2026-12-11T16:00:00.000Z");
  });

  it("is 2 hours before the start when asked for after 09:00 the day before, and at once later still", () => {
    const e = { startAtUtc: "2026-12-12T18:00:00.000Z", allDay: false, timeZone: SITE_ZONE, isVirtual: false };
    expect(reminderDueAt(e, SITE_ZONE, at("2026-12-11T20:00:00Z")).toISOString()).toBe("2026-12-12T16:00:00.000Z");
    expect(reminderDueAt(e, SITE_ZONE, at("2026-12-12T17:00:00Z")).toISOString()).toBe("2026-12-12T17:00:00.000Z");
  });

  it("takes an all-day event's day (its day before at 09:00; late: 07:00 on the day)", () => {
    // Stored from local midnight (decision 042): Dec 9 in Los Angeles.
    const e = { startAtUtc: "2026-12-09T08:00:00.000Z", allDay: true, timeZone: SITE_ZONE, isVirtual: false };
    expect(reminderDueAt(e, SITE_ZONE, at("2026-12-01T00:00:00Z")).toISOString()).toBe("2026-12-08T17:00:00.000Z");
    expect(reminderDueAt(e, SITE_ZONE, at("2026-12-08T20:00:00Z")).toISOString()).toBe("2026-12-09T15:00:00.000Z");
  });

  it("keeps the site's clock for an online event", () => {
    const e = { startAtUtc: "2026-12-12T18:00:00.000Z", allDay: false, timeZone: "America/New_York", isVirtual: true };
    expect(reminderDueAt(e, SITE_ZONE, at("2026-12-01T00:00:00Z")).toISOString()).toBe("2026-12-11T17:00:00.000Z");
  });
});

describe("asking for a reminder", () => {
  it("a visitor confirms from the email first; the link's page sets it; nothing is stored as it is", async () => {
    const event = await createEvent({ startAtUtc: future(10), timeZone: SITE_ZONE });
    const email = uniqueEmail("visitor");
    const res = await api("/api/event-reminders", { method: "POST", json: { event_id: event.id, email } });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ status: "pending", confirmation_sent: true });
    const [row] = await db().select().from(eventReminders).where(eq(eventReminders.email, email));
    expect(row).toMatchObject({ status: "pending", dueAt: null });

    await deliverConfirmations(email);
    const { token, mail } = await tokenFromMail(email, /^Confirm your reminder/);
    expect(mail.html).toContain("Set my reminder");
    expect(mail.text).toContain("/reminder?token=");
    expect(JSON.stringify(row)).not.toContain(token);

    // Reading the link changes nothing (mail scanners follow links).
    const view = await api(`/api/event-reminders?token=${token}`);
    expect(await view.json()).toMatchObject({ reminder: { status: "pending", event: { id: event.id } } });
    const set = await api("/api/event-reminders/confirm", { method: "POST", json: { token } });
    expect(await set.json()).toMatchObject({ reminder: { status: "active" } });
    const [after] = await db()
      .select()
      .from(eventReminders)
      .where(eq(eventReminders.id, row?.id ?? ""));
    expect(after?.dueAt).toBe(reminderDueAt(event, SITE_ZONE, new Date()).toISOString());
  });

  it("a second request within 10 minutes sends no second email, and says so", async () => {
    const event = await createEvent({ startAtUtc: future(10) });
    const email = uniqueEmail("twice");
    await api("/api/event-reminders", { method: "POST", json: { event_id: event.id, email } });
    const again = await api("/api/event-reminders", { method: "POST", json: { event_id: event.id, email } });
    expect(await again.json()).toMatchObject({ status: "pending", confirmation_sent: false });
    const rows = await db()
      .select()
      .from(eventReminderMails)
      .innerJoin(eventReminders, eq(eventReminders.id, eventReminderMails.reminderId))
      .where(eq(eventReminders.email, email));
    expect(rows).toHaveLength(1);
  });

  it("a signed-in member with a verified address needs one tap", async () => {
    const event = await createEvent({ startAtUtc: future(10) });
    const user = await createUser();
    await db().update(users).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(users.id, user.id));
    const { headers } = await signIn(user);
    const res = await api("/api/event-reminders/mine", { method: "POST", headers, json: { event_id: event.id } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: "active", confirmation_sent: false });
    expect(await db().select().from(eventReminders).where(eq(eventReminders.email, user.email))).toMatchObject([
      { status: "active", userId: user.id },
    ]);
  });

  it("a member whose address was never verified confirms like anyone", async () => {
    const event = await createEvent({ startAtUtc: future(10) });
    const { headers } = await signIn(await createUser());
    const res = await api("/api/event-reminders/mine", { method: "POST", headers, json: { event_id: event.id } });
    expect(await res.json()).toMatchObject({ status: "pending", confirmation_sent: true });
  });

  it("refuses a bad address (400), an unknown event (404), a cancelled or begun one (409)", async () => {
    const bad = await api("/api/event-reminders", { method: "POST", json: { event_id: "x", email: "nope" } });
    expect(bad.status).toBe(400);
    const unknown = await api("/api/event-reminders", {
      method: "POST",
      json: { event_id: crypto.randomUUID(), email: uniqueEmail() },
    });
    expect(unknown.status).toBe(404);
    const cancelled = await createEvent({ startAtUtc: future(5), status: "cancelled" });
    const c = await api("/api/event-reminders", {
      method: "POST",
      json: { event_id: cancelled.id, email: uniqueEmail() },
    });
    expect(c.status).toBe(409);
    const begun = await createEvent({ startAtUtc: new Date(Date.now() - 60_000).toISOString() });
    const b = await api("/api/event-reminders", { method: "POST", json: { event_id: begun.id, email: uniqueEmail() } });
    expect(b.status).toBe(409);
  });

  it("a bad or unknown link is refused", async () => {
    expect((await api("/api/event-reminders?token=short")).status).toBe(400);
    expect((await api(`/api/event-reminders?token=${"a".repeat(43)}`)).status).toBe(404);
  });
});

/** An active reminder made through the routes (a visitor who confirmed), with its token. */
async function activeReminder(overrides: Partial<typeof events.$inferInsert> & { startAtUtc: string }) {
  const event = await createEvent({ timeZone: SITE_ZONE, ...overrides });
  const email = uniqueEmail("remind");
  await api("/api/event-reminders", { method: "POST", json: { event_id: event.id, email } });
  await deliverConfirmations(email);
  const { token } = await tokenFromMail(email, /^Confirm your reminder/);
  await api("/api/event-reminders/confirm", { method: "POST", json: { token } });
  const [row] = await db().select().from(eventReminders).where(eq(eventReminders.email, email));
  if (!row) throw new Error("no reminder");
  return { event, email, token, row };
}

describe("the cron sends the reminder once, at its time", () => {
  it("the day before at 09:00 local: not at 08:55, once at 09:00 even when the tick and the queue come twice", async () => {
    const { event, email, row } = await activeReminder({ startAtUtc: future(20) });
    const due = new Date(row.dueAt ?? "");
    const { sent, queue } = recordingQueue();
    await tick(new Date(due.getTime() - 5 * 60_000).toISOString(), queue);
    expect(await jobsOf(row.id, sent)).toHaveLength(0);
    await tick(due.toISOString(), queue);
    await tick(due.toISOString(), queue); // the same tick again
    const jobs = await jobsOf(row.id, sent);
    expect(jobs).toHaveLength(1);
    // The queue delivers the message twice.
    await runConsumer([...jobs, ...jobs], testDeps({ now: () => due }));
    const reminders = (await outboxTo(email)).filter((m) => m.subject === `Tomorrow: ${event.title}`);
    expect(reminders).toHaveLength(1);
    const mail = reminders[0];
    expect(mail?.text).toContain("Where: Test venue");
    expect(mail?.text).toContain("https://www.openstreetmap.org/");
    expect(mail?.text).toContain("calendar.google.com");
    expect(mail?.text).toContain("outlook.live.com");
    expect(mail?.text).toContain(`/api/events/${event.id}.ics`);
    expect(mail?.text).toMatch(/Can't go\? Cancel the reminder: .*\/reminder\?token=/);
    expect(mail?.headers["List-Unsubscribe"]).toMatch(/\/api\/event-reminders\/one-click\?token=/);
  });

  it("through the real scheduled handler, with the cron's scheduled time", async () => {
    const { row } = await activeReminder({ startAtUtc: future(25) });
    const due = row.dueAt ?? "";
    await runScheduled(createScheduledController({ scheduledTime: new Date(due), cron: "*/5 * * * *" }), env);
    const kinds = (await db().select().from(eventReminderMails).where(eq(eventReminderMails.reminderId, row.id))).map(
      (m) => m.kind,
    );
    expect(kinds.sort()).toEqual(["confirm", "reminder"]);
  });

  it("an event booked within a day: 2 hours before its start", async () => {
    const start = new Date(Date.now() + 6 * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    // On the same local day as its reminder, whatever the hour the test runs at: an event just after midnight is
    // "tomorrow" to a reminder sent the evening before, which the subject rightly says (isDayBefore).
    const localHour = (d: Date) =>
      Number(new Intl.DateTimeFormat("en-US", { timeZone: SITE_ZONE, hour: "numeric", hourCycle: "h23" }).format(d));
    while (localHour(start) < 3) start.setTime(start.getTime() + 3_600_000);
    const { row } = await activeReminder({ startAtUtc: start.toISOString() });
    expect(row.dueAt).toBe(new Date(start.getTime() - 2 * 3_600_000).toISOString());
    const { sent, queue } = recordingQueue();
    await tick(row.dueAt ?? "", queue);
    const jobs = await jobsOf(row.id, sent);
    expect(jobs).toHaveLength(1);
    const due = new Date(row.dueAt ?? "");
    await runConsumer(jobs, testDeps({ now: () => due }));
    expect((await outboxTo(row.email)).some((m) => m.subject.startsWith("Coming up soon:"))).toBe(true);
  });

  it("a cancelled reminder sends nothing; the one-click cancels too", async () => {
    const a = await activeReminder({ startAtUtc: future(30) });
    const cancelled = await api("/api/event-reminders/cancel", { method: "POST", json: { token: a.token } });
    expect(await cancelled.json()).toMatchObject({ reminder: { status: "cancelled" } });
    const b = await activeReminder({ startAtUtc: future(30) });
    const oneClick = await api(`/api/event-reminders/one-click?token=${b.token}`, { method: "POST" });
    expect(oneClick.status).toBe(200);
    const { queue } = recordingQueue();
    await tick(new Date(Date.parse(a.event.startAtUtc) - 3_600_000).toISOString(), queue);
    const ids = new Set([a.row.id, b.row.id]);
    const theirs = await db().select().from(eventReminderMails);
    expect(theirs.filter((m) => ids.has(m.reminderId) && m.kind === "reminder")).toHaveLength(0);
  });
});

describe("changed events send a notice instead", () => {
  it("cancelled by its source: a notice, once, and no reminder", async () => {
    const { event, email, row } = await activeReminder({ startAtUtc: future(40) });
    await db().update(events).set({ status: "cancelled", cancelledBy: "source" }).where(eq(events.id, event.id));
    const { sent, queue } = recordingQueue();
    const now = new Date().toISOString();
    await tick(now, queue);
    await tick(now, queue);
    const jobs = await jobsOf(row.id, sent);
    expect(jobs).toHaveLength(1);
    await runConsumer(jobs, testDeps());
    expect((await outboxTo(email)).filter((m) => m.subject === `Cancelled: ${event.title}`)).toHaveLength(1);
    const [after] = await db().select().from(eventReminders).where(eq(eventReminders.id, row.id));
    expect(after).toMatchObject({ status: "event_cancelled", dueAt: null });
    await tick(row.dueAt ?? "", queue);
    expect(await jobsOf(row.id, sent)).toHaveLength(1);
  });

  it("moved: a notice with the new time, and the reminder follows the new start", async () => {
    const { event, email, row } = await activeReminder({ startAtUtc: future(40) });
    const moved = new Date(Date.parse(event.startAtUtc) + 3 * 86_400_000).toISOString();
    await db().update(events).set({ startAtUtc: moved }).where(eq(events.id, event.id));
    const { sent, queue } = recordingQueue();
    await tick(new Date().toISOString(), queue);
    const jobs = await jobsOf(row.id, sent);
    expect(jobs).toHaveLength(1);
    await runConsumer(jobs, testDeps());
    const notice = (await outboxTo(email)).find((m) => m.subject === `New time: ${event.title}`);
    expect(notice?.text).toContain("This event has moved.");
    const [after] = await db().select().from(eventReminders).where(eq(eventReminders.id, row.id));
    expect(after?.eventStartAt).toBe(moved);
    expect(after?.dueAt).toBe(reminderDueAt({ ...event, startAtUtc: moved }, SITE_ZONE, new Date()).toISOString());
  });

  it("the admin sees the counts per event", async () => {
    const { event } = await activeReminder({ startAtUtc: future(50) });
    const { headers } = await signIn(await createUser({ role: "admin" }));
    const res = await api("/api/admin/event-reminders", { headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { events: { event_id: string; active: number }[] };
    expect(body.events.find((e) => e.event_id === event.id)).toMatchObject({ active: 1 });
    expect(config().SITE_TIMEZONE).toBe(SITE_ZONE);
  });
});
