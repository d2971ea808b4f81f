import { describe, expect, it } from "vitest";
import { storeContactMessage } from "../../worker/features/contact/service";
import { adminHeaders, db } from "./helpers";
import { client, errorOf, ok, unchecked } from "./support/client";

const messages = client.api.admin.messages;
type InboxQuery = Parameters<typeof messages.$get>[0]["query"];

let n = 0;
const tag = () => `inbox${Date.now().toString(36)}${++n}`;

const inbox = (headers: Record<string, string>, query: InboxQuery = {}) => ok(messages.$get({ query }, { headers }));

const setStatus = (id: string, status: "unread" | "read" | "archived", headers: Record<string, string>) =>
  messages[":id"].$patch({ param: { id }, json: { status } }, { headers });

describe("contact inbox", () => {
  it("lists new messages as unread, searches, moves them between states and counts them", async () => {
    const headers = await adminHeaders();
    const t = tag();
    const before = (await inbox(headers)).counts;
    const first = await storeContactMessage(
      db(),
      { name: `Ada ${t}`, email: `ada-${t}@example.com`, message: "Hello 100% _wild_" },
      null,
    );
    const second = await storeContactMessage(db(), { name: `Ben ${t}`, email: `ben-${t}@example.com` }, null);

    const listed = await inbox(headers, { q: t });
    expect(listed.messages.map((m) => [m.id, m.status])).toEqual([
      [second, "unread"],
      [first, "unread"],
    ]);
    expect(listed.counts.unread).toBe(before.unread + 2);
    // Search is literal: "%" and "_" are characters, not wildcards.
    expect((await inbox(headers, { q: "100% _wild_" })).messages.map((m) => m.id)).toContain(first);
    expect((await inbox(headers, { q: `${t}%` })).messages).toEqual([]);

    expect(await ok(setStatus(first, "read", headers))).toMatchObject({
      message: { id: first, status: "read" },
      counts: { unread: before.unread + 1 },
    });
    await ok(setStatus(second, "archived", headers));
    expect((await inbox(headers, { q: t })).messages.map((m) => m.id)).toEqual([first]);
    expect((await inbox(headers, { q: t, status: "archived" })).messages.map((m) => m.id)).toEqual([second]);
    expect((await inbox(headers, { q: t, status: "unread" })).messages).toEqual([]);

    const bad = await setStatus(first, unchecked("deleted"), headers);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Status must be unread, read or archived.");
    expect((await setStatus("00000000-0000-4000-8000-000000000000", "read", headers)).status).toBe(404);
  });

  it("pages by keyset", async () => {
    const headers = await adminHeaders();
    const t = tag();
    for (let i = 0; i < 30; i++)
      await storeContactMessage(db(), { name: `P${i} ${t}`, email: `p${i}@example.com` }, null);
    const page1 = await inbox(headers, { q: t });
    expect(page1.messages).toHaveLength(25);
    const page2 = await inbox(headers, { q: t, cursor: page1.next_cursor ?? "" });
    expect(page2.messages).toHaveLength(5);
    expect(page2.next_cursor).toBeNull();
    expect(new Set([...page1.messages, ...page2.messages].map((m) => m.id)).size).toBe(30);
  });
});
