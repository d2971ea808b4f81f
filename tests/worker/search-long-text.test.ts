import { describe, expect, it } from "vitest";
import { adminHeaders, api } from "./helpers";
import { createAction, createEvent, createZip } from "./support/factories";

// A word past D1's 50-byte LIKE pattern: a pasted URL, a long compound name.
const LONG_WORD = "riverbank-restoration-volunteers-of-the-upper-watershed-2027";
const PASTED = `https://example.org/${"%_".repeat(20)}/é🌱/${"x".repeat(40)}`;

describe("searches with text of any documented length (D1's 50-byte LIKE pattern)", () => {
  it("finds an event by a keyword longer than a LIKE pattern may be, any ASCII case, wildcards literal", async () => {
    const zip = await createZip();
    const start = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const event = await createEvent({
      startAtUtc: start,
      lat: zip.lat,
      lon: zip.lon,
      title: `Join the ${LONG_WORD} day`,
    });
    await createEvent({ startAtUtc: start, lat: zip.lat, lon: zip.lon, title: "Join the riverbank day" });

    const search = (q: string) => api(`/api/events?zip=${zip.zip}&q=${encodeURIComponent(q)}`);
    const found = await search(LONG_WORD.toUpperCase());
    expect(found.status).toBe(200);
    expect(((await found.json()) as { events: { id: string }[] }).events.map((e) => e.id)).toEqual([event.id]);

    const pasted = await search(PASTED.slice(0, 100));
    expect(pasted.status).toBe(200);
    expect(((await pasted.json()) as { events: unknown[] }).events).toEqual([]);
  });

  it("answers the admin searches with their longest text", async () => {
    const headers = await adminHeaders();
    const action = await createAction({ title: `Plant for the ${LONG_WORD}` });
    const actions = await api(`/api/admin/actions?search=${encodeURIComponent(LONG_WORD)}`, { headers });
    expect(actions.status).toBe(200);
    expect(((await actions.json()) as { actions: { id: string }[] }).actions.map((a) => a.id)).toEqual([action.id]);

    for (const path of [
      `/api/admin/actions?search=${encodeURIComponent(PASTED.padEnd(200, "y").slice(0, 200))}`,
      `/api/admin/messages?q=${encodeURIComponent(PASTED.padEnd(200, "y").slice(0, 200))}`,
      `/api/admin/email/suppressions?q=${encodeURIComponent(`${"a".repeat(240)}@example.org`)}`,
    ]) {
      const res = await api(path, { headers });
      expect(res.status, path).toBe(200);
    }
  });
});
