import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CompletionInput } from "#contract/completions/schemas";
import { actionCompletions, users, weeklyActions } from "../../db/schema";
import { outboxOfCampaign, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { adminHeaders, db, memberHeaders, signIn } from "./helpers";
import { client, ok, unchecked } from "./support/client";
import { createAction, createCampaign, createSubscriber, createUser } from "./support/factories";

const sharedNotes = client.api.admin["shared-notes"];

async function member() {
  const user = await createUser();
  return { user, headers: (await signIn(user)).headers };
}

const complete = (actionId: string, json: CompletionInput, headers: Record<string, string>) =>
  client.api.me.completions[":actionId"].$put({ param: { actionId }, json }, { headers });

const actionBySlug = (slug: string) => ok(client.api.actions[":slug"].$get({ param: { slug }, query: {} }));
const impactOf = async (slug: string) => (await actionBySlug(slug)).action.impact;

const site = async () => (await ok(client.api.impact.$get())).impact;

const listNotes = async (headers: Record<string, string>) => (await ok(sharedNotes.$get(undefined, { headers }))).notes;
const decide = (id: string, status: "approved" | "hidden", headers: Record<string, string>) =>
  sharedNotes[":id"].$put({ param: { id }, json: { status } }, { headers });

describe("collective impact", () => {
  it("counts completions and notes per action, follows edits, and never says who", async () => {
    const action = await createAction();
    expect(await impactOf(action.slug)).toEqual({ completed_count: 0, with_notes_count: 0 });

    const a = await member();
    const b = await member();
    const c = await member();
    await complete(action.id, { notes: "Planted three milkweeds" }, a.headers);
    await complete(action.id, {}, b.headers);
    await complete(action.id, { notes: "   " }, c.headers);
    expect(await impactOf(action.slug)).toEqual({ completed_count: 3, with_notes_count: 1 });

    // Re-recording never counts twice; adding and removing a note moves only the notes count.
    await complete(action.id, { notes: "Added a note later" }, b.headers);
    expect(await impactOf(action.slug)).toEqual({ completed_count: 3, with_notes_count: 2 });
    await complete(action.id, { notes: "" }, a.headers);
    expect(await impactOf(action.slug)).toEqual({ completed_count: 3, with_notes_count: 1 });

    const body = JSON.stringify(await actionBySlug(action.slug));
    for (const m of [a, b, c]) {
      expect(body).not.toContain(m.user.id);
      expect(body).not.toContain(m.user.email);
    }
  });

  it("is on the current action too", async () => {
    const { action } = await ok(client.api.actions.current.$get({ query: {} }));
    if (action)
      expect(action.impact).toEqual({ completed_count: expect.any(Number), with_notes_count: expect.any(Number) });
  });

  it("drops a deleted member's completions from the action's and the site's counts", async () => {
    const action = await createAction();
    const stays = await member();
    const leaves = await member();
    const before = await site();
    await complete(action.id, { notes: "kept" }, stays.headers);
    await complete(action.id, { notes: "gone soon" }, leaves.headers);
    expect(await impactOf(action.slug)).toEqual({ completed_count: 2, with_notes_count: 2 });
    expect(await site()).toEqual({
      total_completions: before.total_completions + 2,
      members_with_completions: before.members_with_completions + 2,
    });

    await db().delete(users).where(eq(users.id, leaves.user.id));
    expect(await impactOf(action.slug)).toEqual({ completed_count: 1, with_notes_count: 1 });
    expect(await site()).toEqual({
      total_completions: before.total_completions + 1,
      members_with_completions: before.members_with_completions + 1,
    });
  });

  it("counts a member once site-wide however many actions they record; a deleted action's completions still count", async () => {
    const first = await createAction();
    const second = await createAction();
    const m = await member();
    const before = await site();
    await complete(first.id, {}, m.headers);
    await complete(second.id, {}, m.headers);
    expect(await site()).toEqual({
      total_completions: before.total_completions + 2,
      members_with_completions: before.members_with_completions + 1,
    });

    await db().delete(weeklyActions).where(eq(weeklyActions.id, first.id));
    // The member's history keeps the completion ('Unknown Action'), and so does the site's total.
    const kept = await db().select().from(actionCompletions).where(eq(actionCompletions.userId, m.user.id));
    expect(kept).toHaveLength(2);
    expect(await site()).toEqual({
      total_completions: before.total_completions + 2,
      members_with_completions: before.members_with_completions + 1,
    });
    expect(await impactOf(second.slug)).toEqual({ completed_count: 1, with_notes_count: 0 });
  });
});

describe("shared notes", () => {
  it("shares a note only when the member ticks the box, and never without a note", async () => {
    const action = await createAction();
    const m = await member();
    const shareNote = async (json: CompletionInput) =>
      (await ok(complete(action.id, json, m.headers))).completion.share_note;
    expect(await shareNote({ notes: "private thoughts" })).toBe(false);
    expect(await shareNote({ notes: "happy to share", share_note: true })).toBe(true);
    expect(await shareNote({ notes: "", share_note: true })).toBe(false);

    expect((await complete(action.id, unchecked({ share_note: "yes" }), m.headers)).status).toBe(400);
  });

  it("lists shared notes for admins only, without names, pending until approved or hidden", async () => {
    const action = await createAction({ title: "Moderated action" });
    const m = await member();
    const secret = await member();
    await complete(action.id, { notes: "A shared note to moderate", share_note: true }, m.headers);
    await complete(action.id, { notes: "Not shared at all" }, secret.headers);

    expect((await sharedNotes.$get()).status).toBe(401);
    expect((await sharedNotes.$get(undefined, { headers: await memberHeaders() })).status).toBe(403);

    const headers = await adminHeaders();
    const notes = await listNotes(headers);
    const text = JSON.stringify(notes);
    expect(text).not.toContain("Not shared at all");
    expect(text).not.toContain(m.user.email);
    expect(text).not.toContain(m.user.id);
    const note = notes.find((n) => n.notes === "A shared note to moderate");
    expect(note).toMatchObject({
      action_title: "Moderated action",
      status: "pending",
      hidden: false,
      moderated_at: null,
      moderated_by: null,
    });
    const id = note?.id ?? "";

    expect((await ok(decide(id, "hidden", headers))).note).toMatchObject({ status: "hidden", hidden: true });
    const approved = (await ok(decide(id, "approved", headers))).note;
    expect(approved).toMatchObject({ status: "approved", hidden: false, moderated_by: expect.stringContaining("@") });
    expect(approved.moderated_at).toEqual(expect.any(String));
    expect((await decide("nope", "hidden", headers)).status).toBe(404);
    expect((await sharedNotes[":id"].$put({ param: { id }, json: unchecked({}) }, { headers })).status).toBe(400);
    expect(
      (await sharedNotes[":id"].$put({ param: { id }, json: unchecked({ status: "pending" }) }, { headers })).status,
    ).toBe(400);
  });
});

describe("weekly email: last week", () => {
  async function sendWeekly(actionId: string) {
    const sub = await createSubscriber({ firstName: "Robin" });
    const campaign = await createCampaign(actionId, [sub.id]);
    await runConsumer([weeklyJob(campaign.id, [sub.id])], testDeps());
    const [mail] = await outboxOfCampaign(campaign.id);
    if (!mail) throw new Error("no email sent");
    return mail;
  }

  it("shows last week's title, count and up to two approved notes, escaped and without names", async () => {
    const last = await createAction({ title: "Build a bee hotel", startDate: "1990-03-04", endDate: "1990-03-10" });
    const current = await createAction({ title: "Count the birds", startDate: "1990-03-11", endDate: "1990-03-17" });
    const inputs = [
      { notes: "Private: not for the email" },
      { notes: "Hidden by the admin", share_note: true },
      { notes: "Bees <b>moved in</b> & stayed", share_note: true },
      { notes: "Kids loved building it", share_note: true },
    ];
    const people = [];
    for (const input of inputs) {
      const m = await member();
      await complete(last.id, input, m.headers);
      people.push(m);
    }

    const headers = await adminHeaders();
    const notes = await listNotes(headers);
    const idOf = (text: string) => notes.find((n) => n.notes === text)?.id ?? "";
    await ok(decide(idOf("Hidden by the admin"), "hidden", headers));
    await ok(decide(idOf("Bees <b>moved in</b> & stayed"), "approved", headers));
    await ok(decide(idOf("Kids loved building it"), "approved", headers));

    const mail = await sendWeekly(current.id);
    expect(mail.html).toContain("Last week");
    expect(mail.html).toContain("Build a bee hotel");
    expect(mail.html).toContain("4 members did this");
    expect(mail.html).toContain("Bees &lt;b&gt;moved in&lt;/b&gt; &amp; stayed");
    expect(mail.html).not.toContain("<b>moved in</b>");
    expect(mail.html).toContain("Kids loved building it");
    expect(mail.html).not.toContain("Hidden by the admin");
    expect(mail.html).not.toContain("Private: not for the email");
    expect(mail.text).toContain("LAST WEEK: Build a bee hotel: 4 members did this.");
    for (const p of people) expect(mail.html).not.toContain(p.user.email);
    // The section comes after the new action.
    expect(mail.html.indexOf("Count the birds")).toBeLessThan(mail.html.indexOf("Last week"));
  });

  it("is left out when nobody recorded last week's action", async () => {
    await createAction({ title: "Quiet week", startDate: "1980-06-01", endDate: "1980-06-07" });
    const current = await createAction({ title: "Next week", startDate: "1980-06-08", endDate: "1980-06-14" });
    const mail = await sendWeekly(current.id);
    expect(mail.html).not.toContain("Last week");
    expect(mail.html).not.toContain("Quiet week");
  });
});
