import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CompletionInput } from "#contract/completions/schemas";
import { actionCompletions, emailCampaigns } from "../../db/schema";
import { inertHtml, inertText, ZERO_WIDTH_SPACE } from "../../worker/features/email/templates/inert-text";
import { sendTestEmail } from "../../worker/features/email/test-send";
import { outboxOfCampaign, outboxTo, runConsumer, testDeps, weeklyJob } from "./email-fixtures";
import { adminHeaders, db, signIn } from "./helpers";
import { client, ok } from "./support/client";
import { createAction, createCampaign, createSubscriber, createUser } from "./support/factories";

// Decision 183: shared notes are quoted publicly only after an admin approves them.

const sharedNotes = client.api.admin["shared-notes"];

async function share(actionId: string, notes: string, input: Partial<CompletionInput> = {}) {
  const headers = (await signIn(await createUser())).headers;
  await ok(
    client.api.me.completions[":actionId"].$put(
      { param: { actionId }, json: { notes, share_note: true, ...input } },
      { headers },
    ),
  );
  return headers;
}

async function noteId(text: string, headers: Record<string, string>) {
  const { notes } = await ok(sharedNotes.$get(undefined, { headers }));
  const note = notes.find((n) => n.notes === text);
  if (!note) throw new Error(`no shared note "${text}"`);
  return note.id;
}

const decide = async (text: string, status: "approved" | "hidden", headers: Record<string, string>) =>
  (await ok(sharedNotes[":id"].$put({ param: { id: await noteId(text, headers) }, json: { status } }, { headers })))
    .note;

/** Two actions a week apart, far in the past so no other test's actions fall between them. */
async function twoWeeks(year: number) {
  const last = await createAction({ title: `Last week ${year}`, startDate: `${year}-05-01`, endDate: `${year}-05-07` });
  const current = await createAction({ startDate: `${year}-05-08`, endDate: `${year}-05-14` });
  return { last, current };
}

/** The weekly email of `actionId` as one subscriber gets it; `preparedAt` backdates the campaign. */
async function sendWeekly(actionId: string, preparedAt?: string) {
  const sub = await createSubscriber();
  const campaign = await createCampaign(actionId, [sub.id]);
  if (preparedAt)
    await db().update(emailCampaigns).set({ createdAt: preparedAt }).where(eq(emailCampaigns.id, campaign.id));
  await runConsumer([weeklyJob(campaign.id, [sub.id])], testDeps());
  const [mail] = await outboxOfCampaign(campaign.id);
  if (!mail) throw new Error("no email sent");
  return mail;
}

/** The same email as an admin's test send renders it now (the cut-off is the time of the send). */
async function testSend(actionId: string) {
  const email = `notes-${crypto.randomUUID()}@example.com`;
  const result = await sendTestEmail(testDeps(), { email, actionId, triggeredBy: "test" });
  if (!result.ok) throw new Error(result.error);
  const [mail] = await outboxTo(email);
  if (!mail) throw new Error("no test email sent");
  return mail;
}

describe("pre-moderated shared notes", () => {
  it("are quoted in the weekly email only once approved, never when hidden, and wait again when edited", async () => {
    const { last, current } = await twoWeeks(1961);
    const admin = await adminHeaders();
    const author = await share(last.id, "Pending until approved");
    await share(last.id, "Hidden straight away");
    await decide("Hidden straight away", "hidden", admin);

    // Public reads of the action never carry note text, approved or not: counts only.
    const before = JSON.stringify(
      await ok(client.api.actions[":slug"].$get({ param: { slug: last.slug }, query: {} })),
    );
    expect(before).not.toContain("Pending until approved");

    const pendingMail = await sendWeekly(current.id);
    expect(pendingMail.html).toContain(`Last week ${1961}`);
    expect(pendingMail.html).not.toContain("Pending until approved");
    expect(pendingMail.text).not.toContain("Pending until approved");
    expect(pendingMail.html).not.toContain("Hidden straight away");

    const approved = await decide("Pending until approved", "approved", admin);
    expect(approved).toMatchObject({ status: "approved", moderated_by: expect.stringContaining("@") });
    const approvedMail = await testSend(current.id);
    expect(approvedMail.html).toContain("Pending until approved");
    expect(approvedMail.text).toContain('"Pending until approved" — a member');
    expect(approvedMail.html).not.toContain("Hidden straight away");
    const after = JSON.stringify(await ok(client.api.actions[":slug"].$get({ param: { slug: last.slug }, query: {} })));
    expect(after).not.toContain("Pending until approved");

    // The member edits the approved note: the new text is a new share, pending and out of the email.
    await ok(
      client.api.me.completions[":actionId"].$put(
        { param: { actionId: last.id }, json: { notes: "Edited after approval", share_note: true } },
        { headers: author },
      ),
    );
    const [row] = await db()
      .select({ status: actionCompletions.noteStatus, at: actionCompletions.noteModeratedAt })
      .from(actionCompletions)
      .where(eq(actionCompletions.notes, "Edited after approval"));
    expect(row).toEqual({ status: "pending", at: null });
    const editedMail = await testSend(current.id);
    expect(editedMail.html).not.toContain("Edited after approval");
    expect(editedMail.html).not.toContain("Pending until approved");
  });

  it("keeps an approval when the member saves the same note and choice again", async () => {
    const action = await createAction();
    const admin = await adminHeaders();
    const author = await share(action.id, "Saved twice, approved once");
    await decide("Saved twice, approved once", "approved", admin);
    await share(action.id, "Someone else's note");
    await ok(
      client.api.me.completions[":actionId"].$put(
        { param: { actionId: action.id }, json: { notes: "  Saved twice, approved once ", share_note: true } },
        { headers: author },
      ),
    );
    const [row] = await db()
      .select({ status: actionCompletions.noteStatus })
      .from(actionCompletions)
      .where(eq(actionCompletions.notes, "Saved twice, approved once"));
    expect(row?.status).toBe("approved");
  });

  it("leave out of a campaign any note approved after the campaign was prepared", async () => {
    const { last, current } = await twoWeeks(1962);
    const admin = await adminHeaders();
    await share(last.id, "Approved before the send was prepared");
    await share(last.id, "Approved while the send was under way");
    await decide("Approved before the send was prepared", "approved", admin);
    await db()
      .update(actionCompletions)
      .set({ noteModeratedAt: "2020-01-01T00:00:00.000Z" })
      .where(eq(actionCompletions.notes, "Approved before the send was prepared"));
    // Approved now, after a campaign prepared in 2021 (its waves still going out).
    await decide("Approved while the send was under way", "approved", admin);

    const mail = await sendWeekly(current.id, "2021-01-01T00:00:00.000Z");
    expect(mail.html).toContain("Approved before the send was prepared");
    expect(mail.html).not.toContain("Approved while the send was under way");
    expect(mail.text).not.toContain("Approved while the send was under way");
  });

  it("counts the pending queue for the dashboard, pending notes listed first", async () => {
    const action = await createAction();
    const admin = await adminHeaders();
    const start = (await ok(sharedNotes.$get(undefined, { headers: admin }))).pending_count;
    await share(action.id, "Queue one");
    await share(action.id, "Queue two");
    await share(action.id, "Not shared", { share_note: false });
    expect((await ok(sharedNotes.$get(undefined, { headers: admin }))).pending_count).toBe(start + 2);

    await decide("Queue one", "approved", admin);
    await decide("Queue two", "hidden", admin);
    const list = await ok(sharedNotes.$get(undefined, { headers: admin }));
    expect(list.pending_count).toBe(start);
    expect(list.notes.map((n) => n.notes)).not.toContain("Not shared");
    const statuses = list.notes.map((n) => n.status);
    expect(statuses.indexOf("pending") === -1 || statuses.lastIndexOf("pending") < statuses.indexOf("approved")).toBe(
      true,
    );
  });

  it("are plain text in the email: a URL, a domain or an address in a note never becomes a link", async () => {
    const { last, current } = await twoWeeks(1963);
    const admin = await adminHeaders();
    const note =
      "Great guide at https://evil.example/bees?a=1&b=2 and www.bees.example, mail me@bees.example <a href=x>";
    await share(last.id, note);
    await decide(note, "approved", admin);
    const mail = await sendWeekly(current.id);

    const start = mail.html.indexOf("“", mail.html.indexOf("<blockquote"));
    const quote = mail.html.slice(start, mail.html.indexOf("</blockquote>", start));
    expect(quote).toContain("https:&#8203;//evil.&#8203;example/bees?a=1&amp;b=2");
    expect(quote).toContain("www.&#8203;bees.&#8203;example");
    expect(quote).toContain("me@&#8203;bees.&#8203;example");
    expect(quote).toContain("&lt;a href=x&gt;");
    expect(quote).not.toContain("<a");
    expect(mail.html).not.toContain("evil.example");
    // Nothing a linkifier recognises: no "name.tld" run, no scheme, no address, in either part.
    const linkLike = /[a-z0-9-]\.[a-z]{2,}|https?:\/\/|@[a-z]/i;
    const line = mail.text.split("\n").find((l) => l.includes("Great guide")) ?? "";
    expect(line).toContain(`https:${ZERO_WIDTH_SPACE}//evil.${ZERO_WIDTH_SPACE}example`);
    expect(line.replace(/[“”"]/g, "")).not.toMatch(linkLike);
    expect(quote.replace(/&#8203;/g, "\u200B")).not.toMatch(linkLike);
  });
});

describe("inertText", () => {
  it("breaks only link-like runs, invisibly", () => {
    expect(inertText("Planted 3.5 kg of seeds. Then rested.")).toBe("Planted 3.5 kg of seeds. Then rested.");
    expect(inertText("see example.com now")).toBe(`see example.${ZERO_WIDTH_SPACE}com now`);
    expect(inertText("WWW.Bees.Org")).toBe(`WWW.${ZERO_WIDTH_SPACE}Bees.${ZERO_WIDTH_SPACE}Org`);
    expect(inertText("ftp://x")).toBe(`ftp:${ZERO_WIDTH_SPACE}//x`);
    expect(inertText("a@b")).toBe(`a@${ZERO_WIDTH_SPACE}b`);
    expect(inertText("at 10.0.0.1")).toBe(`at 10.${ZERO_WIDTH_SPACE}0.${ZERO_WIDTH_SPACE}0.${ZERO_WIDTH_SPACE}1`);
    expect(inertText("example.com").replaceAll(ZERO_WIDTH_SPACE, "")).toBe("example.com");
    expect(inertHtml('<b>"x.io"</b>').value).toBe("&lt;b&gt;&quot;x.&#8203;io&quot;&lt;/b&gt;");
  });
});
