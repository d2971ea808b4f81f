import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { eventToIcs } from "../../worker/features/events/calendar-file";
import { extractItems } from "../../worker/features/ingestion/adapters/html";
import { parseIcsFeed, readIcsSource } from "../../worker/features/ingestion/adapters/ics";
import { decodeBody, SourceError } from "../../worker/features/ingestion/http";
import { eventTimes } from "../../worker/features/ingestion/pipeline";
import type { Candidate } from "../../worker/features/ingestion/types";
import { source } from "./ingestion-helpers";

const corpus = import.meta.glob<string>("../fixtures/ics-corpus/**/*.ics", {
  query: "?raw",
  import: "default",
  eager: true,
});
const file = (suffix: string) => {
  const hit = Object.entries(corpus).find(([name]) => name.endsWith(suffix));
  if (!hit) throw new Error(`no corpus file ${suffix}`);
  return hit[1];
};

const feed = source("sierra-club-nyc");
const NOW = new Date("2026-01-01T00:00:00Z");
const parse = (text: string, now = NOW) => parseIcsFeed(text, feed, now);
const ics = (...body: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...body, "END:VCALENDAR"].join("\r\n");
const iso = (c: Candidate, zone = "America/New_York") => {
  const { start, end } = eventTimes(c, zone);
  return [new Date(start).toISOString(), Number.isNaN(end) ? null : new Date(end).toISOString()];
};
const only = (text: string) => {
  const { candidates } = parse(text);
  expect(candidates).toHaveLength(1);
  return candidates[0] as Candidate;
};

describe("real-world corpus (ical.js, python-icalendar and libical test calendars)", () => {
  const names = Object.keys(corpus);

  it("holds the selection the README names", () => {
    expect(names.length).toBeGreaterThanOrEqual(100);
  });

  it("every file parses without throwing, except the one with no calendar component at all", () => {
    const thrown: string[] = [];
    for (const [name, text] of Object.entries(corpus)) {
      try {
        parse(decodeBody(new TextEncoder().encode(text)));
      } catch (err) {
        expect(err, name).toBeInstanceOf(SourceError);
        thrown.push(name.replace(/^.*ics-corpus\//, ""));
      }
    }
    // "BEGIN;" followed by TZNAME lines: nothing in it is a calendar, and saying so is the useful answer.
    expect(thrown).toEqual(["libical/test-data/issue250.ics"]);
  });

  it("every produced event has a title (when the file gave one), a start before its end and a sane year", () => {
    let events = 0;
    for (const [name, text] of Object.entries(corpus)) {
      let candidates: Candidate[];
      try {
        candidates = parse(text).candidates;
      } catch {
        continue;
      }
      const vevents = (text.match(/^BEGIN:VEVENT/gm) ?? []).length;
      const summaries = (text.match(/^SUMMARY[;:].*\S/gm) ?? []).length;
      expect(candidates.filter((c) => !c.title).length, name).toBeLessThanOrEqual(Math.max(0, vevents - summaries));
      // What the pipeline stores: candidates with a title and a readable start (the rest it counts as skipped).
      for (const c of candidates) {
        if (!c.title || !c.start || c.start.kind === "invalid") continue;
        events++;
        const { start, end } = eventTimes(c, "America/New_York");
        expect(Number.isFinite(start), `${name} ${JSON.stringify(c.start)}`).toBe(true);
        const year = new Date(start).getUTCFullYear();
        expect(year, name).toBeGreaterThanOrEqual(1900);
        expect(year, name).toBeLessThanOrEqual(2100);
        if (!Number.isNaN(end)) expect(end, name).toBeGreaterThan(start);
        expect(c.externalId, name).toBeTruthy();
      }
    }
    expect(events).toBeGreaterThan(600);
  });

  it("times agree with the files' own zone definitions, worked out by hand", () => {
    // timezoned.ics: TZID=Europe/Vienna, 2012-02-13 10:00 and 2012-02-17 18:00. February is before the
    // zone's DAYLIGHT rule (last Sunday of March), so STANDARD +01:00: 10:00 − 1 h = 09:00Z, 18:00 − 1 h = 17:00Z.
    expect(iso(only(file("calendars/timezoned.ics")))).toEqual([
      "2012-02-13T09:00:00.000Z",
      "2012-02-17T17:00:00.000Z",
    ]);

    // america_new_york.ics: TZID=custom_America/New_York (defined only in the file), 2014-08-29 08:00–10:00.
    // Its DAYLIGHT rule since 2007 starts the 2nd Sunday of March (2014-03-09) and STANDARD the 1st Sunday
    // of November, so August is −04:00: 08:00 + 4 h = 12:00Z, 10:00 + 4 h = 14:00Z.
    expect(iso(only(file("calendars/america_new_york.ics")))).toEqual([
      "2014-08-29T12:00:00.000Z",
      "2014-08-29T14:00:00.000Z",
    ]);

    // issue_237…non_ascii_tzid.ics: TZID "(UTC-03:00) Brasília" (not a Windows display name we map), defined
    // in the file: STANDARD −03:00 from the 3rd Saturday of February, DAYLIGHT −02:00 from the 2nd Saturday of
    // October. 2017-05-11 is in between, so −03:00: 13:30 + 3 h = 16:30Z, 14:00 + 3 h = 17:00Z.
    expect(iso(only(file("issue_237_fail_to_parse_timezone_with_non_ascii_tzid.ics")))).toEqual([
      "2017-05-11T16:30:00.000Z",
      "2017-05-11T17:00:00.000Z",
    ]);

    // issue_722_timezone_transition_ambiguity.ics: TZID=MyTimezone, +12:00 from 2024-01-01 ("winter"),
    // +10:00 from 2024-05-05 08:00 ("summer"). 2024-03-03 08:00 − 12 h = 2024-03-02 20:00Z;
    // 2024-08-03 08:00 − 10 h = 2024-08-02 22:00Z. (No DTEND, so no end.)
    const byTitle = new Map(
      parse(file("issue_722_timezone_transition_ambiguity.ics")).candidates.map((c) => [c.title, c]),
    );
    expect(iso(byTitle.get("This event is clearly in winter") as Candidate)[0]).toBe("2024-03-02T20:00:00.000Z");
    expect(iso(byTitle.get("This event is clearly in summer") as Candidate)[0]).toBe("2024-08-02T22:00:00.000Z");
  });
});

const zoneA = [
  "BEGIN:VTIMEZONE",
  "TZID:Chapter Time",
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0300",
  "TZOFFSETTO:+0300",
  "END:STANDARD",
  "END:VTIMEZONE",
];
const zoneB = [
  "BEGIN:VTIMEZONE",
  "TZID:Chapter Time",
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0700",
  "END:STANDARD",
  "END:VTIMEZONE",
];
const chapterEvent = (uid: string) => [
  "BEGIN:VEVENT",
  `UID:${uid}`,
  "DTSTART;TZID=Chapter Time:20300310T090000",
  "DTEND;TZID=Chapter Time:20300310T110000",
  "SUMMARY:Dune planting",
  "END:VEVENT",
];

describe("time zones per feed", () => {
  it("two feeds defining the same custom TZID differently each keep their own rules, in either order", () => {
    const a = ics(...zoneA, ...chapterEvent("a"));
    const b = ics(...zoneB, ...chapterEvent("b"));
    // Feed A: 09:00 at +03:00 = 06:00Z. Feed B: 09:00 at −07:00 = 16:00Z.
    for (const order of [
      [a, b],
      [b, a],
    ]) {
      const seen = new Map(order.map((text) => [only(text).externalId, iso(only(text))[0]]));
      expect(seen.get("a")).toBe("2030-03-10T06:00:00.000Z");
      expect(seen.get("b")).toBe("2030-03-10T16:00:00.000Z");
    }
  });

  it("keeps the TZID on every occurrence of a series whose zone has no VTIMEZONE", () => {
    const { candidates } = parse(
      ics(
        "BEGIN:VEVENT",
        "UID:denver-walks",
        "DTSTART;TZID=America/Denver:20300302T090000",
        "DTEND;TZID=America/Denver:20300302T100000",
        "RRULE:FREQ=WEEKLY;COUNT=3",
        "SUMMARY:Bird walk",
        "END:VEVENT",
      ),
      new Date("2030-03-01T00:00:00Z"),
    );
    expect(candidates.map((c) => c.start)).toEqual([
      { kind: "local", date: "2030-03-02", time: "09:00:00", zone: "America/Denver" },
      { kind: "local", date: "2030-03-09", time: "09:00:00", zone: "America/Denver" },
      { kind: "local", date: "2030-03-16", time: "09:00:00", zone: "America/Denver" },
    ]);
    // Across the DST change (2030-03-10): 09:00 MST = 16:00Z, then 09:00 MDT = 15:00Z.
    expect(candidates.map((c) => iso(c)[0])).toEqual([
      "2030-03-02T16:00:00.000Z",
      "2030-03-09T16:00:00.000Z",
      "2030-03-16T15:00:00.000Z",
    ]);
  });

  it.each([
    ["Pacific Standard Time", "America/Los_Angeles"],
    ["W. Europe Standard Time", "Europe/Berlin"],
    ["(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"],
    ["(GMT-07:00) Mountain Time (US & Canada)", "America/Denver"],
    ["/mozilla.org/20070129_1/America/Chicago", "America/Chicago"],
    ["/softwarestudio.org/Olson_20011030_5/America/Phoenix", "America/Phoenix"],
  ])("maps the TZID %s to %s, also on a recurring series", (tzid, zone) => {
    const { candidates } = parse(
      ics(
        "BEGIN:VEVENT",
        "UID:mapped",
        `DTSTART;TZID="${tzid}":20300302T090000`,
        "RRULE:FREQ=DAILY;COUNT=2",
        "SUMMARY:Cleanup",
        "END:VEVENT",
      ),
      new Date("2030-03-01T00:00:00Z"),
    );
    expect(candidates.map((c) => c.start)).toEqual([
      { kind: "local", date: "2030-03-02", time: "09:00:00", zone },
      { kind: "local", date: "2030-03-03", time: "09:00:00", zone },
    ]);
  });
});

describe("lenient reading", () => {
  const event = (uid: string, ...extra: string[]) => [
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "DTSTART:20300310T170000Z",
    "SUMMARY:Beach cleanup",
    ...extra,
    "END:VEVENT",
  ];

  it("recovers the rest of a feed around a malformed line, junk after END:VCALENDAR and an unfolded line", () => {
    const text = `${ics(
      ...event("one", "DTEND;TZID=:::broken"),
      ...event("two", "DESCRIPTION:Bring gloves.", "Meet at the north lot."),
      ...event("three", "GEO:not;numbers;at;all"),
    )}\r\n<html>trailing proxy banner</html>\r\nX-JUNK:after`;
    const { candidates } = parse(text);
    expect(candidates.map((c) => c.externalId).sort()).toEqual(["one", "three", "two"]);
    const two = candidates.find((c) => c.externalId === "two");
    expect(two?.description).toBe("Bring gloves.\nMeet at the north lot.");
  });

  it("reads lone-CR line ends and a UTF-8 BOM", () => {
    const text = `\uFEFF${ics(...event("cr")).replace(/\r\n/g, "\r")}`;
    expect(only(text).title).toBe("Beach cleanup");
  });

  const body = (title: string) =>
    ics("BEGIN:VEVENT", "UID:enc", "DTSTART:20300310T170000Z", `SUMMARY:${title}`, "END:VEVENT");
  const readBytes = (bytes: Uint8Array, contentType = "text/calendar") =>
    readIcsSource(
      { ...feed, url: "https://feeds.example.org/chapter.ics" },
      {
        fetch: async () => new Response(bytes, { headers: { "Content-Type": contentType } }),
        now: NOW,
        startPage: 0,
        pages: 1,
        timeoutMs: 2_000,
      },
    );
  const utf16le = (s: string, bom: boolean) => {
    const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
    if (bom) out.set([0xff, 0xfe]);
    for (let i = 0; i < s.length; i++) {
      const code = s.charCodeAt(i);
      out[(bom ? 2 : 0) + i * 2] = code & 0xff;
      out[(bom ? 2 : 0) + i * 2 + 1] = code >> 8;
    }
    return out;
  };

  it("detects UTF-16 (with and without a BOM, either byte order) and Windows-1252 from the bytes", async () => {
    const title = "Café “Nature” walk – Ōhiʻa";
    const le = utf16le(body(title), true);
    expect((await readBytes(le)).candidates[0]?.title).toBe(title);
    expect((await readBytes(utf16le(body(title), false))).candidates[0]?.title).toBe(title);
    const be = utf16le(body(title), false);
    for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1] as number, be[i] as number];
    expect((await readBytes(new Uint8Array([0xfe, 0xff, ...be]))).candidates[0]?.title).toBe(title);
    // "Café “Nature” walk – 5€" in Windows-1252: é=E9, “=93, ”=94, –=96, €=80 (not valid UTF-8).
    const ascii = (s: string) => Array.from(s, (ch) => ch.charCodeAt(0));
    const [head, tail] = body("@").split("@") as [string, string];
    const cp1252 = new Uint8Array([
      ...ascii(head),
      ...ascii("Caf"),
      0xe9,
      0x20,
      0x93,
      ...ascii("Nature"),
      0x94,
      ...ascii(" walk "),
      0x96,
      ...ascii(" 5"),
      0x80,
      ...ascii(tail),
    ]);
    expect((await readBytes(cp1252)).candidates[0]?.title).toBe("Café “Nature” walk – 5€");
  });

  it("reads DTSTART:20190101 without VALUE=DATE as a date", () => {
    const c = only(
      ics("BEGIN:VEVENT", "UID:holiday", "DTSTART:20300101", "DTEND:20300102", "SUMMARY:New Year hike", "END:VEVENT"),
    );
    expect(c.allDay).toBe(true);
    expect(c.start).toEqual({ kind: "local", date: "2030-01-01", time: null });
  });

  it("honours Exchange's all-day flag, also on an override of a timed series", () => {
    const { candidates } = parse(
      ics(
        "BEGIN:VEVENT",
        "UID:exchange",
        "DTSTART;TZID=Eastern Standard Time:20300304T090000",
        "DTEND;TZID=Eastern Standard Time:20300304T100000",
        "RRULE:FREQ=WEEKLY;COUNT=3",
        "SUMMARY:Stewardship morning",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:exchange",
        "RECURRENCE-ID;TZID=Eastern Standard Time:20300311T090000",
        "DTSTART;TZID=Eastern Standard Time:20300311T000000",
        "DTEND;TZID=Eastern Standard Time:20300312T000000",
        "X-MICROSOFT-CDO-ALLDAYEVENT:TRUE",
        "SUMMARY:Stewardship day (all day)",
        "END:VEVENT",
      ),
      new Date("2030-03-01T00:00:00Z"),
    );
    const override = candidates.find((c) => c.externalId === "exchange#20300311T090000");
    expect(override).toMatchObject({
      allDay: true,
      title: "Stewardship day (all day)",
      start: { kind: "local", date: "2030-03-11", time: null },
      end: { kind: "local", date: "2030-03-12", time: null },
    });
    expect(candidates.filter((c) => c.allDay)).toHaveLength(1);
  });

  it("gives events without a UID a stable id from start, summary and location", () => {
    const noUid = (summary: string) => [
      "BEGIN:VEVENT",
      "DTSTART:20300310T170000Z",
      `SUMMARY:${summary}`,
      "LOCATION:Pier 4",
      "END:VEVENT",
    ];
    const first = parse(ics(...noUid("Cleanup A"), ...noUid("Cleanup B"))).candidates.map((c) => c.externalId);
    const again = parse(ics(...noUid("Cleanup B"), ...noUid("Cleanup A"))).candidates.map((c) => c.externalId);
    expect(first).toHaveLength(2);
    expect(new Set(first).size).toBe(2);
    expect([...again].sort()).toEqual([...first].sort());
    for (const id of first) expect(id).toMatch(/^nouid-[0-9a-z]+$/);
  });

  it("keeps the copy with the highest SEQUENCE when a UID repeats, in either order", () => {
    const v = (seq: number, title: string) => [
      "BEGIN:VEVENT",
      "UID:dup",
      `SEQUENCE:${seq}`,
      "DTSTART:20300310T170000Z",
      `SUMMARY:${title}`,
      "END:VEVENT",
    ];
    expect(only(ics(...v(2, "Updated"), ...v(1, "Original"))).title).toBe("Updated");
    expect(only(ics(...v(1, "Original"), ...v(2, "Updated"))).title).toBe("Updated");
  });

  it("turns HTML descriptions into text", () => {
    const c = only(
      ics(
        "BEGIN:VEVENT",
        "UID:html",
        "DTSTART:20300310T170000Z",
        "SUMMARY:Owl prowl",
        "DESCRIPTION:<p>Meet at the <b>visitor center</b>.</p><p>Bring a flashlight &amp; warm clothes.</p>",
        "END:VEVENT",
      ),
    );
    expect(c.description).toBe("Meet at the visitor center.\nBring a flashlight & warm clothes.");
  });

  it("a daily series started years ago still yields its upcoming occurrences", () => {
    const { candidates } = parse(
      ics(
        "BEGIN:VEVENT",
        "UID:daily-since-2012",
        "DTSTART;TZID=America/New_York:20120101T070000",
        "DTEND;TZID=America/New_York:20120101T080000",
        "RRULE:FREQ=DAILY",
        "SUMMARY:Morning bird count",
        "END:VEVENT",
      ),
      new Date("2030-03-01T12:00:00Z"),
    );
    expect(candidates.length).toBeGreaterThan(150);
    expect(candidates[0]?.externalId).toBe("daily-since-2012#20300301T070000");
    expect(candidates[0]?.start).toEqual({
      kind: "local",
      date: "2030-03-01",
      time: "07:00:00",
      zone: "America/New_York",
    });
  });
});

describe("HTML listings: entities decoded in text and attributes", () => {
  it("decodes registration URLs, external ids and text with every named entity", async () => {
    const html = `<ul><li class="ev"><a class="t" href="/events?id=12&amp;ref=cal&amp;lang=en" data-id="caf&eacute;&#x2D;12">Caf&eacute; &ldquo;Bioblitz&rdquo; &ndash; &frac12; day &hearts;</a></li></ul>`;
    const [item] = await extractItems(html, {
      item: "li.ev",
      title: { selector: "a.t" },
      start: { selector: "time" },
      link: { selector: "a.t", attr: "href" },
      venue: { selector: "a.t", attr: "data-id" },
    });
    expect(item).toEqual({
      title: "Café “Bioblitz” – ½ day ♥",
      link: "/events?id=12&ref=cal&lang=en",
      venue: "café-12",
    });
  });
});

describe(".ics download: escaping and folding", () => {
  const event = {
    id: "0b7f5b8e-1c1a-4a77-9f6a-3f0a0c3c9e11",
    title: "Beach cleanup; bring gloves, bags \\ buckets",
    description: `Line one\r\nLine two\rLine three\u0007 — ${"ünïcödé ".repeat(20)}`,
    venueName: "Ocean Beach",
    address: "Great Hwy, San Francisco, CA",
    city: "San Francisco",
    state: "CA",
    startAtUtc: "2030-03-10T17:00:00.000Z",
    endAtUtc: "2030-03-10T19:00:00.000Z",
    allDay: false,
    timeZone: "America/Los_Angeles",
    registrationUrl: "https://example.org/register?a=1\r\nATTENDEE:mailto:evil@example.com",
    isVirtual: false,
    pageUrl: "https://earthkind.test/events/0b7f5b8e-1c1a-4a77-9f6a-3f0a0c3c9e11-beach-cleanup",
  };
  const body = eventToIcs(event, "earthkind.test", new Date("2030-03-01T00:00:00Z"));

  it("never writes a lone CR, a control character or an injected property line", () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n\u0000-\u0008\u000b-\u001f\u007f]/);
    const unfolded = body.replace(/\r\n[ \t]/g, "");
    expect(unfolded.split("\r\n").filter((l) => l.startsWith("ATTENDEE"))).toEqual([]);
  });

  it("folds at 75 octets without splitting a UTF-8 character", () => {
    const lines = body.split("\r\n");
    const encoder = new TextEncoder();
    for (const line of lines) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    // Each physical line is whole UTF-8 on its own (a split sequence would decode to U+FFFD).
    for (const line of lines) expect(new TextDecoder().decode(encoder.encode(line))).not.toContain("\uFFFD");
  });

  it("parses back with ical.js to exactly what was written", () => {
    const vevent = new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent("vevent");
    expect(vevent?.getFirstPropertyValue("summary")).toBe(event.title);
    const description = String(vevent?.getFirstPropertyValue("description"));
    expect(description.startsWith(`Line one\nLine two\nLine three — ${"ünïcödé ".repeat(20)}`)).toBe(true);
    expect(description).toContain(
      "Details and registration: https://example.org/register?a=1ATTENDEE:mailto:evil@example.com",
    );
    expect(vevent?.getFirstPropertyValue("location")).toBe("Ocean Beach, Great Hwy, San Francisco, CA");
    // URL is the event's page here (decision 202); registration is in the description.
    expect(vevent?.getFirstPropertyValue("url")).toBe(event.pageUrl);
    expect(vevent?.getAllProperties().map((p) => p.name)).not.toContain("attendee");
  });
});
