import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventReminders, users } from "../../db/schema";
import { api, db, signIn } from "./helpers";
import { createEvent, createUser } from "./support/factories";

/** Issue 47: a member sees the event reminders they asked for, soonest first, and cancels one without the email. */

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function verifiedMember() {
  const user = await createUser();
  await db().update(users).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(users.id, user.id));
  return { user, headers: (await signIn(user)).headers };
}

const remind = (headers: Record<string, string>, eventId: string) =>
  api("/api/event-reminders/mine", { method: "POST", headers, json: { event_id: eventId } });

type Listed = { reminders: { id: string; status: string; event: { title: string; path: string | null } }[] };
const listOf = async (headers: Record<string, string>) =>
  ((await (await api("/api/me/reminders", { headers })).json()) as Listed).reminders;

describe("GET /api/me/reminders", () => {
  it("lists the member's reminders still to come, soonest first, and none of anyone else's", async () => {
    const { user, headers } = await verifiedMember();
    const later = await createEvent({ title: "Dune planting", startAtUtc: future(20) });
    const sooner = await createEvent({ title: "Creek cleanup", startAtUtc: future(3) });
    const dropped = await createEvent({ title: "Bird count", startAtUtc: future(9) });
    for (const e of [later, sooner, dropped]) expect((await remind(headers, e.id)).status).toBe(201);
    // Asked from the public form with the same address: it is theirs too, waiting for confirmation.
    const formAsked = await createEvent({ title: "Owl walk", startAtUtc: future(12) });
    const viaForm = await api("/api/event-reminders", {
      method: "POST",
      json: { event_id: formAsked.id, email: user.email },
    });
    expect(viaForm.status).toBe(202);
    // Someone else's reminder, and one of theirs already cancelled.
    const other = await verifiedMember();
    expect((await remind(other.headers, sooner.id)).status).toBe(201);
    const [droppedRow] = await db().select().from(eventReminders).where(eq(eventReminders.eventId, dropped.id));
    expect((await api(`/api/me/reminders/${droppedRow?.id}/cancel`, { method: "POST", headers })).status).toBe(200);

    const listed = await listOf(headers);
    expect(listed.map((r) => [r.event.title, r.status])).toEqual([
      ["Creek cleanup", "active"],
      ["Owl walk", "pending"],
      ["Dune planting", "active"],
    ]);
    expect(listed[0]?.event.path).toMatch(/^\/events\//);
  });

  it("needs a signed-in member", async () => {
    expect((await api("/api/me/reminders")).status).toBe(401);
  });
});

describe("POST /api/me/reminders/:id/cancel", () => {
  it("cancels the member's own reminder (no email goes), harmlessly twice, and refuses another's id with 404", async () => {
    const { headers } = await verifiedMember();
    const event = await createEvent({ startAtUtc: future(5) });
    expect((await remind(headers, event.id)).status).toBe(201);
    const [reminder] = await listOf(headers);
    if (!reminder) throw new Error("no reminder listed");

    const stranger = await verifiedMember();
    const refused = await api(`/api/me/reminders/${reminder.id}/cancel`, { method: "POST", headers: stranger.headers });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { message: "We couldn't find that reminder among yours." } });

    for (let i = 0; i < 2; i++) {
      const res = await api(`/api/me/reminders/${reminder.id}/cancel`, { method: "POST", headers });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        reminder: { status: "cancelled", due_at: null },
        message: "Reminder cancelled. We won't email you about this event.",
      });
    }
    expect(await listOf(headers)).toEqual([]);
    const [row] = await db().select().from(eventReminders).where(eq(eventReminders.id, reminder.id));
    expect(row).toMatchObject({ status: "cancelled", dueAt: null });
  });

  it("answers in Spanish for a Spanish page", async () => {
    const { headers } = await verifiedMember();
    const res = await api(`/api/me/reminders/${crypto.randomUUID()}/cancel`, {
      method: "POST",
      headers: { ...headers, "Accept-Language": "es-US" },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: "No encontramos ese recordatorio entre los tuyos." } });
  });
});
