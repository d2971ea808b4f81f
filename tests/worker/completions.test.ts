import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CompletionInput } from "#contract/completions/schemas";
import { actionCompletions, weeklyActions } from "../../db/schema";
import { db, signIn } from "./helpers";
import { client, ok } from "./support/client";
import { createAction, createBilingualAction, createUser } from "./support/factories";

const completions = client.api.me.completions;

async function member() {
  const user = await createUser();
  return { user, headers: (await signIn(user)).headers };
}

const put = (actionId: string, json: CompletionInput, headers: Record<string, string>) =>
  completions[":actionId"].$put({ param: { actionId }, json }, { headers });
const list = async (headers: Record<string, string>) =>
  (await ok(completions.$get(undefined, { headers }))).completions;

describe("completions", () => {
  it("requires a signed-in user", async () => {
    expect((await completions.$get()).status).toBe(401);
    expect((await put("x", {}, {})).status).toBe(401);
  });

  it("upserts one row per member and action, notes trimmed and null when empty", async () => {
    const { user, headers } = await member();
    const action = await createAction();

    const { completion } = await ok(put(action.id, { notes: "  planted milkweed  " }, headers));
    expect(completion).toMatchObject({ action_id: action.id, notes: "planted milkweed" });

    const again = (await ok(put(action.id, { notes: "   " }, headers))).completion;
    expect(again).toMatchObject({ id: completion.id, notes: null, completed_at: completion.completed_at });

    expect((await ok(put(action.id, {}, headers))).completion.notes).toBe(null);
    const rows = await db().select().from(actionCompletions).where(eq(actionCompletions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses unknown and unpublished actions with 404", async () => {
    const { headers } = await member();
    const draft = await createAction({ status: "draft", publishedAt: null });
    expect((await put(draft.id, {}, headers)).status).toBe(404);
    expect((await put("no-such-action", {}, headers)).status).toBe(404);
  });

  it("lists the member's own completions newest first, joined with the action", async () => {
    const { user, headers } = await member();
    const a = await createAction({ title: "Older", startDate: "2030-01-01", endDate: "2030-01-07" });
    const b = await createAction({ title: "Newer", startDate: "2030-01-08", endDate: "2030-01-14" });
    await put(a.id, { notes: "first" }, headers);
    await put(b.id, {}, headers);
    // Make the order unambiguous whatever the clock resolution.
    await db()
      .update(actionCompletions)
      .set({ completedAt: "2020-01-02T10:00:00.000Z" })
      .where(eq(actionCompletions.actionId, a.id));

    // Someone else's completion never shows up.
    const other = await member();
    await put(a.id, { notes: "not yours" }, other.headers);

    const mine = await list(headers);
    expect(mine.map((c) => c.action?.title)).toEqual(["Newer", "Older"]);
    expect(mine[1]).toMatchObject({
      notes: "first",
      action: { title: "Older", slug: a.slug, summary: a.summary, start_date: "2030-01-01", end_date: "2030-01-07" },
    });

    const check = (actionId: string) => ok(completions[":actionId"].$get({ param: { actionId } }, { headers }));
    expect((await check(a.id)).completion?.notes).toBe("first");
    expect(await check((await createAction()).id)).toEqual({ completion: null });
    expect(user.id).toBeTruthy();
  });

  it("keeps a completion after its action is deleted, with no joined action", async () => {
    const { headers } = await member();
    const action = await createAction();
    await put(action.id, { notes: "done" }, headers);
    await db().delete(weeklyActions).where(eq(weeklyActions.id, action.id));
    const mine = await list(headers);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ action_id: null, notes: "done", action: null });
  });
});

describe("in the reader's language (issue 46, decision 272)", () => {
  it("names each action in Spanish when its Spanish is whole, else in English, and says which", async () => {
    const { headers } = await member();
    const bilingual = await createBilingualAction();
    const englishOnly = await createAction({ title: "Count the birds" });
    const spanish = { ...headers, "Accept-Language": "es-US" };
    await ok(put(bilingual.id, {}, spanish));
    const recorded = (await ok(put(englishOnly.id, {}, spanish))).completion;
    expect(recorded.action).toMatchObject({ title: "Count the birds", language: "en" });

    const byTitle = (await list(spanish)).map((c) => [c.action?.title, c.action?.language]);
    expect(byTitle).toEqual(
      expect.arrayContaining([
        ["Deja las hojas", "es"],
        ["Count the birds", "en"],
      ]),
    );
    expect((await list(headers)).map((c) => c.action?.title)).toEqual(
      expect.arrayContaining(["Leave the leaves", "Count the birds"]),
    );
  });
});
