import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import { ingestSource } from "../../worker/features/ingestion/run-source";
import { futureBase, hoursAfter, northOf, type SearchBody } from "./events-support";
import { adminHeaders, api, db } from "./helpers";
import { deps, fakeFetch, source } from "./ingestion-helpers";
import { createEvent, createSubmission, createZip } from "./support/factories";

// Every in-person event carries the IANA zone of its place (decision 165): its ZIP's (zip_codes.time_zone), else
// the nearest ZIP's to its coordinates, else the feed's TZID, else its state's, else the source's registry zone.

/** A place near El Paso: Texas, but Mountain time, which no per-state table gets right. */
const EL_PASO = { lat: 31.7619, lon: -106.485 };

const ics = (events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Zones//EN", ...events, "END:VCALENDAR", ""].join("\r\n");

const vevent = (uid: string, lines: string[]) =>
  ["BEGIN:VEVENT", `UID:${uid}`, "SUMMARY:Trail day", ...lines, "END:VEVENT"].join("\r\n");

async function ingest(feed: string) {
  // Its own key (rows of other tests never meet), and Chicago as the registry's zone for the feed.
  const src = {
    ...source("sierra-club-nyc"),
    key: `test-zones-${crypto.randomUUID().slice(0, 8)}`,
    timeZone: "America/Chicago",
  };
  const out = await ingestSource(deps(fakeFetch(() => feed).fetch), src, { startPage: 0, pages: 1 });
  expect(out.status).toBe("completed");
  const row = async (uid: string) => {
    const [r] = await db()
      .select()
      .from(events)
      .where(and(eq(events.sourceKey, src.key), eq(events.externalId, uid)));
    return r;
  };
  return { out, row };
}

describe("event time zones at ingestion", () => {
  it("takes the zone of the place: the event's ZIP, else the ZIP nearest its coordinates, ahead of TZID and state", async () => {
    const zip = await createZip({ ...EL_PASO, state: "TX", city: "Sun City", timeZone: "America/Denver" });
    const { out, row } = await ingest(
      ics([
        // A feed written in Central time about an event at coordinates in Mountain time.
        vevent("geo-tzid", [
          "DTSTART;TZID=America/Chicago:20300617T090000",
          "GEO:31.77;-106.48",
          "LOCATION:Franklin Mountains trailhead, Sun City, TX",
        ]),
        // A floating time at those coordinates: read on the place's clock.
        vevent("geo-floating", ["DTSTART:20300618T090000", "GEO:31.77;-106.48", "LOCATION:Scenic Drive, Sun City, TX"]),
        // No coordinates: the ZIP of its address places it.
        vevent("zip-floating", ["DTSTART:20300619T090000", `LOCATION:Memorial Park, Sun City, TX ${zip.zip}`]),
      ]),
    );
    expect(out.counters.inserted).toBe(3);
    // 09:00 CDT, an exact instant, shown as 08:00 MDT where it happens.
    expect(await row("geo-tzid")).toMatchObject({ startAtUtc: "2030-06-17T14:00:00.000Z", timeZone: "America/Denver" });
    expect(await row("geo-floating")).toMatchObject({
      startAtUtc: "2030-06-18T15:00:00.000Z", // 09:00 MDT, not 09:00 in Texas's prevailing Central time
      timeZone: "America/Denver",
    });
    expect(await row("zip-floating")).toMatchObject({
      startAtUtc: "2030-06-19T15:00:00.000Z",
      timeZone: "America/Denver",
      lat: zip.lat,
    });
  });

  it("takes the feed's TZID (IANA, or a Windows name mapped to IANA) where the place is unknown", async () => {
    const { row } = await ingest(
      ics([
        vevent("tzid-iana", [
          "DTSTART;TZID=America/Denver:20300615T080000",
          "LOCATION:Tom Mays Park, Nowhere Flats, TX",
        ]),
        vevent("tzid-windows", [
          "DTSTART;TZID=Mountain Standard Time:20300616T080000",
          "LOCATION:Ranch Road, Nowhere Flats, TX",
        ]),
        // Neither place nor TZID: the state's zone.
        vevent("state-only", ["DTSTART:20300616T080000", "LOCATION:County Park, Nowhere Flats, TX"]),
      ]),
    );
    expect(await row("tzid-iana")).toMatchObject({
      startAtUtc: "2030-06-15T14:00:00.000Z",
      timeZone: "America/Denver",
    });
    expect(await row("tzid-windows")).toMatchObject({
      startAtUtc: "2030-06-16T14:00:00.000Z",
      timeZone: "America/Denver",
    });
    expect(await row("state-only")).toMatchObject({
      startAtUtc: "2030-06-16T13:00:00.000Z",
      timeZone: "America/Chicago",
    });
  });

  it("falls back to the source's registry zone with neither place, TZID nor state; online events have none", async () => {
    const { row } = await ingest(
      ics([
        // Coordinates far from every ZIP (McMurdo Station), no state, a floating time.
        vevent("registry", ["DTSTART:20300620T100000", "GEO:-77.85;166.67", "LOCATION:McMurdo Station"]),
        vevent("online", ["DTSTART;TZID=America/Denver:20300621T120000", "LOCATION:Online (Zoom)"]),
      ]),
    );
    expect(await row("registry")).toMatchObject({
      startAtUtc: "2030-06-20T15:00:00.000Z",
      timeZone: "America/Chicago",
    });
    expect(await row("online")).toMatchObject({
      isVirtual: true,
      startAtUtc: "2030-06-21T18:00:00.000Z",
      timeZone: null,
    });
  });
});

describe("event time zones at approval and in the API", () => {
  it("approves a submission into an event in its ZIP's zone, which the search and the .ics file carry", async () => {
    const zip = await createZip({ state: "AZ", timeZone: "America/Phoenix" });
    const start = futureBase();
    const s = await createSubmission({
      postalCode: zip.zip,
      city: zip.city,
      state: "AZ",
      startTime: start.toISOString(),
      endTime: hoursAfter(start, 2).toISOString(),
    });
    const res = await api(`/api/admin/event-submissions/${s.id}/approve`, {
      method: "POST",
      json: {},
      headers: await adminHeaders(),
    });
    expect(res.status).toBe(200);
    const { event_id } = (await res.json()) as { event_id: string };
    const [event] = await db().select().from(events).where(eq(events.id, event_id));
    expect(event?.timeZone).toBe("America/Phoenix");

    const window = `start=${hoursAfter(start, -1).toISOString()}&end=${hoursAfter(start, 3).toISOString()}`;
    const found = (await (await api(`/api/events?zip=${zip.zip}&radius=5&${window}`)).json()) as SearchBody;
    expect(found.events.map((e) => [e.id, e.time_zone])).toEqual([[event_id, "America/Phoenix"]]);

    const file = await (await api(`/api/events/${event_id}.ics`)).text();
    expect(file).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Phoenix\r\n");
    expect(file).toMatch(/\r\nDTSTART;TZID=America\/Phoenix:\d{8}T\d{6}\r\n/);
    expect(file).toContain("TZNAME:MST\r\n");
  });

  it("answers time_zone: the event's own for in-person events, null for online ones and unknown places", async () => {
    const zip = await createZip();
    const base = futureBase();
    const near = northOf(zip.lat, zip.lon, 1);
    const known = await createEvent({ ...near, timeZone: "America/New_York", startAtUtc: base.toISOString() });
    const unknown = await createEvent({ ...near, timeZone: null, startAtUtc: hoursAfter(base, 1).toISOString() });
    // An online row with a zone stored anyway: online events are shown in the viewer's zone.
    const online = await createEvent({
      isVirtual: true,
      lat: null,
      lon: null,
      timeZone: "America/Chicago",
      startAtUtc: hoursAfter(base, 2).toISOString(),
    });
    const window = `start=${hoursAfter(base, -1).toISOString()}&end=${hoursAfter(base, 3).toISOString()}`;
    const body = (await (
      await api(`/api/events?zip=${zip.zip}&radius=5&include_online=true&${window}`)
    ).json()) as SearchBody;
    const zoneOf = new Map(body.events.map((e) => [e.id, e.time_zone]));
    expect(zoneOf.get(known.id)).toBe("America/New_York");
    expect(zoneOf.get(unknown.id)).toBeNull();
    expect(zoneOf.has(online.id)).toBe(true);
    expect(zoneOf.get(online.id)).toBeNull();
  });
});

describe(".ics times in the event's zone", () => {
  /** ical.js's reading of a DTSTART/DTEND, converted with the file's own VTIMEZONE (never a built-in rule). */
  function instantOf(component: ICAL.Component, name: "dtstart" | "dtend", zones: Map<string, ICAL.Timezone>) {
    const prop = component.getFirstProperty(name);
    const t = prop?.getFirstValue() as ICAL.Time;
    const tzid = prop?.getParameter("tzid") as string | undefined;
    if (t.isDate) return { date: t.toString() };
    if (!tzid) return { tzid: t.zone?.tzid ?? null, iso: t.toJSDate().toISOString() };
    const zone = zones.get(tzid);
    if (!zone) throw new Error(`no VTIMEZONE for ${tzid}`);
    const { year, month, day, hour, minute, second } = t;
    const local = new ICAL.Time({ year, month, day, hour, minute, second, isDate: false }, zone);
    return { tzid, iso: new Date(local.toUnixTime() * 1000).toISOString(), wall: t.toString() };
  }

  it("writes TZID times with a VTIMEZONE per zone (PST and PDT, Phoenix, Honolulu), dates for all-day events and UTC otherwise", async () => {
    const zip = await createZip();
    const year = new Date().getUTCFullYear() + 2;
    const at = (md: string, time: string) => `${year}-${md}T${time}.000Z`;
    const place = { ...northOf(zip.lat, zip.lon, 1), state: zip.state };
    const made = {
      laWinter: await createEvent({
        ...place,
        timeZone: "America/Los_Angeles",
        startAtUtc: at("01-15", "17:00:00"), // 09:00 PST
        endAtUtc: at("01-15", "19:00:00"),
      }),
      laSummer: await createEvent({
        ...place,
        timeZone: "America/Los_Angeles",
        startAtUtc: at("07-15", "16:00:00"), // 09:00 PDT
        endAtUtc: at("07-15", "18:30:00"),
      }),
      phoenix: await createEvent({ ...place, timeZone: "America/Phoenix", startAtUtc: at("07-16", "16:00:00") }),
      honolulu: await createEvent({ ...place, timeZone: "Pacific/Honolulu", startAtUtc: at("03-20", "19:00:00") }),
      allDay: await createEvent({
        ...place,
        timeZone: "America/New_York",
        allDay: true,
        startAtUtc: at("05-03", "04:00:00"),
        endAtUtc: at("05-04", "04:00:00"),
      }),
      unknown: await createEvent({ ...place, timeZone: null, startAtUtc: at("08-01", "15:00:00") }),
    };
    const res = await api(`/api/events/feed.ics?zip=${zip.zip}&radius=5`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    const zones = new Map(
      calendar.getAllSubcomponents("vtimezone").map((c) => {
        const tzid = String(c.getFirstPropertyValue("tzid"));
        return [tzid, new ICAL.Timezone({ component: c, tzid })] as const;
      }),
    );
    // One VTIMEZONE for each TZID used, no more (the all-day event's zone is not written).
    expect([...zones.keys()].sort()).toEqual(["America/Los_Angeles", "America/Phoenix", "Pacific/Honolulu"]);
    const byUid = new Map(
      calendar.getAllSubcomponents("vevent").map((v) => [String(v.getFirstPropertyValue("uid")).split("@")[0], v]),
    );
    const read = (id: string, name: "dtstart" | "dtend" = "dtstart") => {
      const v = byUid.get(id);
      if (!v) throw new Error(`event ${id} missing from the feed`);
      return instantOf(v, name, zones);
    };

    expect(read(made.laWinter.id)).toEqual({
      tzid: "America/Los_Angeles",
      wall: `${year}-01-15T09:00:00`,
      iso: made.laWinter.startAtUtc,
    });
    expect(read(made.laWinter.id, "dtend").iso).toBe(made.laWinter.endAtUtc);
    expect(read(made.laSummer.id)).toEqual({
      tzid: "America/Los_Angeles",
      wall: `${year}-07-15T09:00:00`,
      iso: made.laSummer.startAtUtc,
    });
    expect(read(made.laSummer.id, "dtend")).toMatchObject({
      wall: `${year}-07-15T11:30:00`,
      iso: made.laSummer.endAtUtc,
    });
    expect(read(made.phoenix.id)).toEqual({
      tzid: "America/Phoenix",
      wall: `${year}-07-16T09:00:00`,
      iso: made.phoenix.startAtUtc,
    });
    expect(read(made.honolulu.id)).toEqual({
      tzid: "Pacific/Honolulu",
      wall: `${year}-03-20T09:00:00`,
      iso: made.honolulu.startAtUtc,
    });
    expect(read(made.allDay.id)).toEqual({ date: `${year}-05-03` });
    expect(read(made.unknown.id)).toEqual({ tzid: "UTC", iso: made.unknown.startAtUtc });
    expect(text).toContain(`DTSTART;VALUE=DATE:${year}0503\r\n`);

    // The Los Angeles zone names its standard and daylight observances as the events' times need them.
    const la = text.slice(
      text.indexOf("TZID:America/Los_Angeles"),
      text.indexOf("END:VTIMEZONE", text.indexOf("TZID:America/Los_Angeles")),
    );
    expect(la).toContain("BEGIN:DAYLIGHT\r\nDTSTART:");
    expect(la).toContain("TZOFFSETFROM:-0800\r\nTZOFFSETTO:-0700\r\nTZNAME:PDT");
    expect(la).toContain("TZOFFSETFROM:-0700\r\nTZOFFSETTO:-0800\r\nTZNAME:PST");
  });

  it("keeps online events in UTC", async () => {
    const online = await createEvent({
      isVirtual: true,
      lat: null,
      lon: null,
      timeZone: "America/Chicago",
      startAtUtc: futureBase().toISOString(),
    });
    const file = await (await api(`/api/events/${online.id}.ics`)).text();
    expect(file).not.toContain("VTIMEZONE");
    expect(file).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  });
});
