import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventSubmissions, events } from "../../db/schema";
import { futureBase, hoursAfter, type SearchBody } from "./events-support";
import { adminHeaders, api, db } from "./helpers";
import { createEvent, createSubmission, createZip } from "./support/factories";

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string; code: string } }).error;

describe("moderation without races (issue 28 item 5)", () => {
  it("an approve and a reject racing each other: one wins, and a rejected submission is never published", async () => {
    const zip = await createZip();
    const headers = await adminHeaders();
    const submissions = await Promise.all(
      Array.from({ length: 8 }, () => createSubmission({ postalCode: zip.zip, city: zip.city, state: zip.state })),
    );
    // Half start with the reject, half with the approve: both orders of arrival are raced.
    const answers = await Promise.all(
      submissions.map((s, i) => {
        const approve = () =>
          api(`/api/admin/event-submissions/${s.id}/approve`, { method: "POST", json: {}, headers });
        const reject = () =>
          api(`/api/admin/event-submissions/${s.id}/reject`, { method: "POST", json: { reason: "Spam" }, headers });
        return i % 2 ? Promise.all([approve(), reject()]) : Promise.all([reject(), approve()]).then(([r, a]) => [a, r]);
      }),
    );
    for (const [i, [approved, rejected]] of answers.entries()) {
      const s = submissions[i];
      if (!s || !approved || !rejected) throw new Error("missing answer");
      expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
      const loser = approved.status === 409 ? approved : rejected;
      const error = await errorOf(loser);
      expect(error.code).toBe("already_reviewed");
      expect(error.message).toMatch(/^This submission was already (approved|rejected)/);
      const [row] = await db().select().from(eventSubmissions).where(eq(eventSubmissions.id, s.id));
      const published = await db().select().from(events).where(eq(events.externalId, s.id));
      if (row?.status === "rejected") {
        expect(published).toEqual([]);
        expect(row.eventId).toBeNull();
      } else {
        expect(row?.status).toBe("approved");
        expect(published.map((e) => e.id)).toEqual([row?.eventId]);
      }
    }
  });

  it("two approvals at once create one event; the second is told who won", async () => {
    const zip = await createZip();
    const headers = await adminHeaders();
    const s = await createSubmission({ postalCode: zip.zip, city: zip.city, state: zip.state });
    const both = await Promise.all(
      [0, 1].map(() => api(`/api/admin/event-submissions/${s.id}/approve`, { method: "POST", json: {}, headers })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = both.find((r) => r.status === 409) as Response;
    expect((await errorOf(loser)).message).toMatch(/^This submission was already approved/);
    expect(await db().select().from(events).where(eq(events.externalId, s.id))).toHaveLength(1);
  });
});

describe("duplicates merged at approval (issue 28 item 3)", () => {
  it("a submission of an event a feed already lists becomes one of that listing's sources, listed once", async () => {
    const zip = await createZip();
    const start = futureBase();
    start.setUTCSeconds(0, 0);
    const listed = await createEvent({
      sourceKey: "sierra-club",
      title: "Riverbank Clean-Up!",
      venueName: "Tom McCall Waterfront Park",
      lat: zip.lat + 0.001,
      lon: zip.lon,
      state: zip.state,
      city: zip.city,
      startAtUtc: start.toISOString(),
    });
    const s = await createSubmission({
      title: "Riverbank cleanup",
      address: "Tom McCall Waterfront Park",
      postalCode: zip.zip,
      city: zip.city,
      state: zip.state,
      startTime: new Date(start.getTime() + 5 * 60_000).toISOString(),
    });
    const headers = await adminHeaders();
    const res = await api(`/api/admin/event-submissions/${s.id}/approve`, { method: "POST", json: {}, headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { event_id: string; merged_into: string | null };
    expect(body.merged_into).toBe(listed.id);
    const [copy] = await db().select().from(events).where(eq(events.id, body.event_id));
    expect(copy).toMatchObject({ status: "merged", mergedInto: listed.id, sourceKey: "submission" });

    const window = `start=${hoursAfter(start, -1).toISOString()}&end=${hoursAfter(start, 3).toISOString()}`;
    const found = (await (await api(`/api/events?zip=${zip.zip}&radius=5&${window}`)).json()) as SearchBody;
    expect(found.events.map((e) => e.id)).toEqual([listed.id]);
  });

  it("a different event at the same time and place is not merged", async () => {
    const zip = await createZip();
    const start = futureBase();
    await createEvent({
      sourceKey: "sierra-club",
      title: "Riverbank cleanup training for leaders",
      lat: zip.lat,
      lon: zip.lon,
      state: zip.state,
      startAtUtc: start.toISOString(),
    });
    const s = await createSubmission({
      title: "Riverbank cleanup",
      postalCode: zip.zip,
      city: zip.city,
      state: zip.state,
      startTime: start.toISOString(),
    });
    const res = await api(`/api/admin/event-submissions/${s.id}/approve`, {
      method: "POST",
      json: {},
      headers: await adminHeaders(),
    });
    expect(((await res.json()) as { merged_into: string | null }).merged_into).toBeNull();
  });
});
