import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import { ingestSource } from "../../worker/features/ingestion/run-source";
import type { SearchBody } from "./events-support";
import { api, db } from "./helpers";
import { deps, FIXTURE_NOW, fakeFetch, source } from "./ingestion-helpers";
import { createZip } from "./support/factories";

// Issue 28 items 3 and 4: an event a source cancels or stops listing is marked cancelled, every listed event
// carries when its source last confirmed it, and the same event from two sources is listed once.

const ics = (...vevents: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Trust//EN", ...vevents, "END:VCALENDAR", ""].join("\r\n");

type Place = { lat: number; lon: number; zip: string };
const vevent = (uid: string, summary: string, start: string, place: Place, extra: string[] = []) =>
  [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    `SUMMARY:${summary}`,
    `DTSTART:${start}`,
    "DURATION:PT2H",
    `GEO:${place.lat};${place.lon}`,
    `LOCATION:Shoreline Park\\, Testville\\, ZZ ${place.zip}`,
    ...extra,
    "END:VEVENT",
  ].join("\r\n");

const hoursLater = (h: number) => new Date(FIXTURE_NOW.getTime() + h * 3_600_000);

function feedSource() {
  const src = { ...source("sierra-club-nyc"), key: `test-trust-${crypto.randomUUID().slice(0, 8)}` };
  const run = async (feed: string, now = FIXTURE_NOW) => {
    const out = await ingestSource(deps(fakeFetch(() => feed).fetch, { now }), src, { startPage: 0, pages: 1 });
    return out;
  };
  const row = async (uid: string) => {
    const [r] = await db()
      .select()
      .from(events)
      .where(and(eq(events.sourceKey, src.key), eq(events.externalId, uid)));
    if (!r) throw new Error(`no row ${uid}`);
    return r;
  };
  return { src, run, row };
}

describe("cancelled and dropped events (decision 200)", () => {
  it("a source's STATUS:CANCELLED, or an upcoming event it no longer lists, cancels the event", async () => {
    const zip = await createZip();
    const { run, row } = feedSource();
    const first = ics(
      vevent("kept", "Dune planting", "20300310T170000Z", zip),
      vevent("called-off", "Beach cleanup", "20300311T170000Z", zip),
      vevent("dropped", "Bird count", "20300312T170000Z", zip),
    );
    expect((await run(first)).status).toBe("completed");
    expect((await row("dropped")).lastConfirmedAt).toBe(FIXTURE_NOW.toISOString());

    const later = hoursLater(6);
    const second = ics(
      vevent("kept", "Dune planting", "20300310T170000Z", zip),
      vevent("called-off", "Beach cleanup", "20300311T170000Z", zip, ["STATUS:CANCELLED"]),
    );
    const out = await run(second, later);
    expect(out.status).toBe("completed");
    // Unchanged content is still confirmed by this read.
    expect(await row("kept")).toMatchObject({ status: "approved", lastConfirmedAt: later.toISOString() });
    expect(await row("called-off")).toMatchObject({ status: "cancelled", lastConfirmedAt: later.toISOString() });
    expect(await row("dropped")).toMatchObject({ status: "cancelled", lastConfirmedAt: FIXTURE_NOW.toISOString() });

    // Its file says so to calendars that saved it.
    const file = await (await api(`/api/events/${(await row("dropped")).id}.ics`)).text();
    expect(file).toContain("STATUS:CANCELLED\r\n");
    const keptFile = await (await api(`/api/events/${(await row("kept")).id}.ics`)).text();
    expect(keptFile).not.toContain("STATUS:CANCELLED");

    // Listed again, unchanged: it is back.
    await run(first, hoursLater(12));
    expect(await row("dropped")).toMatchObject({ status: "approved", lastConfirmedAt: hoursLater(12).toISOString() });
    expect((await row("called-off")).status).toBe("approved");
  });

  it("an empty feed, a failed read and past events cancel nothing", async () => {
    const zip = await createZip();
    const { run, row } = feedSource();
    await run(
      ics(
        vevent("soon", "Dune planting", "20300301T150000Z", zip),
        vevent("later", "Bird count", "20300320T170000Z", zip),
      ),
    );
    // An empty calendar is more likely a broken export than a cancelled season.
    expect((await run(ics(), hoursLater(1))).status).toBe("completed");
    expect((await row("later")).status).toBe("approved");
    // A failed read says nothing about what the source lists.
    const failed = await ingestSource(
      deps(fakeFetch(() => ({ status: 500 })).fetch, { now: hoursLater(2) }),
      { ...source("sierra-club-nyc"), key: (await row("later")).sourceKey },
      { startPage: 0, pages: 1 },
    );
    expect(failed.status).toBe("failed");
    expect((await row("later")).status).toBe("approved");
    // Once "soon" has started, a feed that no longer lists it leaves it alone.
    await run(ics(vevent("later", "Bird count", "20300320T170000Z", zip)), hoursLater(4));
    expect((await row("soon")).status).toBe("approved");
    expect((await row("later")).status).toBe("approved");
  });

  it("the API lists each event with its cancellation and when it was last confirmed", async () => {
    const zip = await createZip();
    const { run, row } = feedSource();
    await run(ics(vevent("listed", "Dune planting", "20300310T170000Z", zip)));
    const window = "start=2030-03-10T00:00:00Z&end=2030-03-11T00:00:00Z";
    const found = (await (await api(`/api/events?zip=${zip.zip}&radius=5&${window}`)).json()) as SearchBody;
    expect(found.events).toHaveLength(1);
    expect(found.events[0]).toMatchObject({
      id: (await row("listed")).id,
      cancelled: false,
      last_confirmed_at: FIXTURE_NOW.toISOString(),
    });
  });
});

describe("duplicates merged at ingestion (decision 199)", () => {
  it("the same event from a second source becomes a copy of the first listing, listed once", async () => {
    const zip = await createZip();
    const a = feedSource();
    const b = feedSource();
    await a.run(ics(vevent("a-1", "Dune Planting & Picnic", "20300310T170000Z", zip)));
    // 5 minutes later, ~100 m away, the title in other words' case and punctuation.
    const near = { ...zip, lat: zip.lat + 0.0009 };
    await b.run(
      ics(
        vevent("b-1", "Dune planting and picnic!", "20300310T170500Z", near),
        vevent("b-2", "Dune planting workshop for leaders", "20300310T170000Z", near),
      ),
    );
    const listing = await a.row("a-1");
    expect(await b.row("b-1")).toMatchObject({ status: "merged", mergedInto: listing.id });
    expect(await b.row("b-2")).toMatchObject({ status: "approved", mergedInto: null });

    const window = "start=2030-03-10T00:00:00Z&end=2030-03-11T00:00:00Z";
    const found = (await (await api(`/api/events?zip=${zip.zip}&radius=5&${window}`)).json()) as SearchBody;
    expect(found.events.map((e) => e.id).sort()).toEqual([listing.id, (await b.row("b-2")).id].sort());

    // The copy keeps following its source, and keeps the listing up while the first source drops it.
    await b.run(
      ics(
        vevent("b-1", "Dune planting and picnic!", "20300310T170500Z", near),
        vevent("b-2", "Dune planting workshop for leaders", "20300310T170000Z", near),
      ),
      hoursLater(2),
    );
    await a.run(ics(vevent("a-other", "Bird count", "20300320T170000Z", zip)), hoursLater(3));
    expect((await a.row("a-1")).status).toBe("approved");
  });
});
