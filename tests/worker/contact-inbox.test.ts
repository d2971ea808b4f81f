import { describe, expect, it } from "vitest";
import type { InboxResponse } from "../../worker/features/contact/inbox-schemas";
import { storeContactMessage } from "../../worker/features/contact/service";
import { adminHeaders, api, db } from "./helpers";

let n = 0;
const tag = () => `inbox${Date.now().toString(36)}${++n}`;

async function inbox(headers: Record<string, string>, query: Record<string, string> = {}) {
  const res = await api(`/api/admin/messages?${new URLSearchParams(query)}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as InboxResponse;
}

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

    const read = await api(`/api/admin/messages/${first}`, { method: "PATCH", json: { status: "read" }, headers });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      message: { id: first, status: "read" },
      counts: { unread: before.unread + 1 },
    });
    await api(`/api/admin/messages/${second}`, { method: "PATCH", json: { status: "archived" }, headers });
    expect((await inbox(headers, { q: t })).messages.map((m) => m.id)).toEqual([first]);
    expect((await inbox(headers, { q: t, status: "archived" })).messages.map((m) => m.id)).toEqual([second]);
    expect((await inbox(headers, { q: t, status: "unread" })).messages).toEqual([]);

    const bad = await api(`/api/admin/messages/${first}`, { method: "PATCH", json: { status: "deleted" }, headers });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "Status must be unread, read or archived.",
    );
    const missing = await api("/api/admin/messages/00000000-0000-4000-8000-000000000000", {
      method: "PATCH",
      json: { status: "read" },
      headers,
    });
    expect(missing.status).toBe(404);
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
