import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { futureBase, hoursAfter, northOf } from "./events-support";
import { api, config } from "./helpers";
import { createEvent, createZip } from "./support/factories";

const feed = (params: Record<string, string>) => api(`/api/events/feed.ics?${new URLSearchParams(params)}`);

/** The feed parsed by ical.js (an independent reader), as uid → event. */
async function parsedFeed(params: Record<string, string>) {
  const res = await feed(params);
  expect(res.status).toBe(200);
  const text = await res.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map(
    calendar.getAllSubcomponents("vevent").map((v) => {
      const e = new ICAL.Event(v);
      return [e.uid, e] as const;
    }),
  );
  return { res, text, calendar, events };
}

const uid = (id: string) => `${id}@${new URL(config().siteOrigin).host}`;

describe("GET /api/events/feed.ics", () => {
  it("is a calendar of the upcoming events within the radius, which ical.js reads back", async () => {
    const zip = await createZip();
    const base = futureBase();
    const near = await createEvent({
      ...northOf(zip.lat, zip.lon, 4),
      state: zip.state,
      title: "Creek restoration",
      startAtUtc: base.toISOString(),
      endAtUtc: hoursAfter(base, 3).toISOString(),
    });
    const farther = await createEvent({
      ...northOf(zip.lat, zip.lon, 7),
      state: zip.state,
      startAtUtc: hoursAfter(base, 1).toISOString(),
    });
    const past = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      state: zip.state,
      startAtUtc: hoursAfter(new Date(), -48).toISOString(),
      endAtUtc: hoursAfter(new Date(), -47).toISOString(),
    });

    const { res, calendar, events } = await parsedFeed({ zip: zip.zip, radius: "5" });
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`Earthkind events within 5 miles of ${zip.zip}`);
    expect((calendar.getFirstPropertyValue("refresh-interval") as ICAL.Duration).toSeconds()).toBe(3600);
    expect([...events.keys()]).toEqual([uid(near.id)]);
    const e = events.get(uid(near.id));
    expect(e?.summary).toBe("Creek restoration");
    // Absolute times (UTC), never floating local times.
    expect(e?.startDate.zone?.tzid).toBe("UTC");
    expect(e?.startDate.toJSDate().toISOString()).toBe(base.toISOString().replace(/\.\d{3}Z$/, ".000Z"));
    expect(e?.endDate.toJSDate().getTime()).toBe(Math.floor(hoursAfter(base, 3).getTime() / 1000) * 1000);

    const wider = await parsedFeed({ zip: zip.zip, radius: "10" });
    expect([...wider.events.keys()]).toEqual([uid(near.id), uid(farther.id)]);
    expect(wider.events.has(uid(past.id))).toBe(false);
  });

  it("keeps each event's UID from fetch to fetch and from the one-event file", async () => {
    const zip = await createZip();
    const e = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      state: zip.state,
      startAtUtc: futureBase().toISOString(),
    });
    const first = await parsedFeed({ zip: zip.zip });
    const second = await parsedFeed({ zip: zip.zip });
    expect([...first.events.keys()]).toEqual([uid(e.id)]);
    expect([...second.events.keys()]).toEqual([uid(e.id)]);
    const single = await (await api(`/api/events/${e.id}.ics`)).text();
    expect(single).toContain(`UID:${uid(e.id)}\r\n`);
  });

  it("adds online events only with include_online=true, and leaves out the statewide fallback", async () => {
    const zip = await createZip();
    const now = new Date();
    // Started 30 days ago and still running: it sorts before any other online event in the database.
    const online = await createEvent({
      isVirtual: true,
      lat: null,
      lon: null,
      startAtUtc: hoursAfter(now, -30 * 24).toISOString(),
      endAtUtc: hoursAfter(now, 48).toISOString(),
    });
    // Same state, 300 miles away: the search's statewide fallback, not "near".
    const statewide = await createEvent({
      ...northOf(zip.lat, zip.lon, 300),
      state: zip.state,
      startAtUtc: futureBase().toISOString(),
    });
    const search = (await (await api(`/api/events?zip=${zip.zip}`)).json()) as { events: { id: string }[] };
    expect(search.events.map((e) => e.id)).toContain(statewide.id);

    const without = await parsedFeed({ zip: zip.zip, radius: "25" });
    expect([...without.events.keys()]).toEqual([]);
    const withOnline = await parsedFeed({ zip: zip.zip, radius: "25", include_online: "true" });
    expect(withOnline.events.has(uid(online.id))).toBe(true);
    expect(withOnline.events.has(uid(statewide.id))).toBe(false);
    expect(withOnline.events.get(uid(online.id))?.location).toBe("Online");
    expect(withOnline.calendar.getFirstPropertyValue("x-wr-calname")).toBe(
      `Earthkind events within 25 miles of ${zip.zip} and online`,
    );
  });

  it("escapes commas, semicolons, backslashes, newlines and CRs, and folds lines at 75 octets", async () => {
    const zip = await createZip();
    const title = "Dunes, birds; and a \\ backslash";
    const description = `Line one,\r\nline two;\rline three\nline four ${"é🌱 ".repeat(40)}`;
    const e = await createEvent({
      ...northOf(zip.lat, zip.lon, 1),
      state: zip.state,
      title,
      description,
      venueName: "Pier 7; North, Gate",
      address: null,
      city: "Seaside",
      startAtUtc: futureBase().toISOString(),
    });
    const { text, events } = await parsedFeed({ zip: zip.zip });

    const encoder = new TextEncoder();
    const lines = text.split("\r\n");
    expect(lines.at(-1)).toBe(""); // ends with CRLF
    for (const line of lines) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/[\r\n]/); // no bare CR or LF anywhere
    }
    expect(lines.filter((l) => l.startsWith(" ")).length).toBeGreaterThan(2); // the description was folded
    expect(text).toContain("SUMMARY:Dunes\\, birds\\; and a \\\\ backslash\r\n");

    const parsed = events.get(uid(e.id));
    expect(parsed?.summary).toBe(title);
    expect(parsed?.location).toBe("Pier 7; North, Gate, Seaside, ZZ".replace("ZZ", zip.state));
    expect(parsed?.description).toBe(
      `Line one,\nline two;\nline three\nline four ${"é🌱 ".repeat(40)}\n\nDetails and registration: https://example.org/register`,
    );
  });

  it("may be cached for an hour", async () => {
    const zip = await createZip();
    const res = await feed({ zip: zip.zip });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("takes a ZIP+4 as its 5-digit ZIP", async () => {
    const zip = await createZip();
    const e = await createEvent({
      ...northOf(zip.lat, zip.lon, 2),
      state: zip.state,
      startAtUtc: futureBase().toISOString(),
    });
    const { events } = await parsedFeed({ zip: `${zip.zip}-4321` });
    expect([...events.keys()]).toEqual([uid(e.id)]);
  });

  it.each([
    // Without a ZIP the feed is a state's or the whole country's (decision 261): only both at once is refused.
    [{ zip: "97201", state: "OR" }, "Give a ZIP code or a state, not both"],
    [{ state: "Oregon" }, "state must be a US state's two-letter code, such as OR"],
    [{ zip: "9720" }, "ZIP code must be 5 digits or ZIP+4 (12345-6789)"],
    [{ zip: "97201-1" }, "ZIP code must be 5 digits or ZIP+4 (12345-6789)"],
    [{ zip: "97201", radius: "7" }, "Radius must be one of 5, 10, 25, 50 or 100 miles"],
    [{ zip: "97201", include_online: "yes" }, "include_online must be 'true' or 'false'"],
    [{ zip: "00000" }, "We couldn't find ZIP code 00000. Please check it and try again."],
  ])("answers 400 for %o with the search's message, not cached", async (params, message) => {
    const res = await feed(params);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message } });
    expect(res.headers.get("Cache-Control") ?? "").not.toContain("public");
  });
});
