import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "../../db/schema";
import { allDayDate, eventToIcs } from "../../worker/features/events/calendar-file";
import { parseIcsFeed } from "../../worker/features/ingestion/adapters/ics";
import { ingestSource } from "../../worker/features/ingestion/run-source";
import appleIcs from "../fixtures/ingestion/apple-all-day-until-utc.ics?raw";
import exchangeIcs from "../fixtures/ingestion/exchange-all-day-moved.ics?raw";
import googleIcs from "../fixtures/ingestion/google-all-day-until.ics?raw";
import { db } from "./helpers";
import { deps, FIXTURE_NOW, fakeFetch, source } from "./ingestion-helpers";

// Issue 28 item 6: all-day occurrences keep their calendar date whatever the RRULE's UNTIL form or an Exchange
// override's RECURRENCE-ID. The fixtures are shaped as Exchange 2010, macOS Calendar and Google Calendar write them.

const nyc = source("sierra-club-nyc"); // America/New_York
const EXCHANGE_UID =
  "040000008200E00074C5B7101A82E0080000000010B3C5D27A1FDA01000000000000000010000000B4F6B2A5E0C0F14C8D3E6B3A6F2C9D11";

/** Each occurrence's id, calendar days (start, end), title and whether it is cancelled. */
const days = (text: string) =>
  parseIcsFeed(text, nyc, FIXTURE_NOW).candidates.map((c) => ({
    id: c.externalId.split("#")[1],
    start: c.start?.kind === "local" && c.start.time === null ? c.start.date : c.start,
    end: c.end?.kind === "local" && c.end.time === null ? c.end.date : c.end,
    title: c.title,
    allDay: c.allDay,
    cancelled: c.cancelled ?? false,
  }));

describe("all-day series from real calendar programs", () => {
  it("Exchange: an override named by a RECURRENCE-ID with TZID (or in UTC) moves its occurrence to its own date", () => {
    expect(days(exchangeIcs)).toEqual([
      {
        id: "20300302",
        start: "2030-03-02",
        end: "2030-03-03",
        title: "Saturday tree planting",
        allDay: true,
        cancelled: false,
      },
      // RECURRENCE-ID;TZID=Eastern Standard Time:20300309T000000 on a series of dates: moved to Sunday the 10th.
      {
        id: "20300309",
        start: "2030-03-10",
        end: "2030-03-11",
        title: "Saturday tree planting (Sunday this week)",
        allDay: true,
        cancelled: false,
      },
      // Its STATUS:CANCELLED override: the occurrence is kept, marked cancelled (decision 200).
      {
        id: "20300316",
        start: "2030-03-16",
        end: "2030-03-17",
        title: "Canceled: Saturday tree planting",
        allDay: true,
        cancelled: true,
      },
      // RECURRENCE-ID in UTC (local midnight, 04:00Z) and a midnight-to-midnight DTSTART;TZID with the all-day flag.
      {
        id: "20300323",
        start: "2030-03-24",
        end: "2030-03-25",
        title: "Saturday tree planting (Sunday this week)",
        allDay: true,
        cancelled: false,
      },
      // UNTIL=20300330T040000Z, Outlook's local midnight of the last day: the 30th is kept.
      {
        id: "20300330",
        start: "2030-03-30",
        end: "2030-03-31",
        title: "Saturday tree planting",
        allDay: true,
        cancelled: false,
      },
    ]);
  });

  it("Apple: UNTIL at the end of the last local day, in UTC, ends the series on that day", () => {
    // UNTIL=20300323T035959Z is 23:59:59 on March 22 in New York: the Saturday of the 23rd is not in the series.
    expect(days(appleIcs).map((d) => d.start)).toEqual(["2030-03-02", "2030-03-09", "2030-03-16"]);
  });

  it("Google: UNTIL as a date and as a UTC midnight both keep the last day", () => {
    const all = days(googleIcs);
    expect(all.filter((d) => d.title.startsWith("River")).map((d) => d.start)).toEqual([
      "2030-03-02",
      "2030-03-09",
      "2030-03-16",
    ]);
    expect(all.filter((d) => d.title.startsWith("Bioblitz")).map((d) => d.start)).toEqual([
      "2030-03-02",
      "2030-03-03",
      "2030-03-04",
    ]);
  });

  it("stores each occurrence on its date and writes it back as that date in .ics files", async () => {
    const src = { ...nyc, key: `test-all-day-${crypto.randomUUID().slice(0, 8)}` };
    const out = await ingestSource(deps(fakeFetch(() => exchangeIcs).fetch), src, { startPage: 0, pages: 1 });
    expect(out).toMatchObject({ status: "completed", counters: { inserted: 5, all_day_events: 5 } });
    const rows = await db().select().from(events).where(eq(events.sourceKey, src.key));
    const byId = new Map(rows.map((r) => [r.externalId.split("#")[1], r]));
    const stored = [...byId].map(([id, r]) => [id, allDayDate(r.startAtUtc), r.status]).sort();
    expect(stored).toEqual([
      ["20300302", "2030-03-02", "approved"],
      ["20300309", "2030-03-10", "approved"],
      ["20300316", "2030-03-16", "cancelled"],
      ["20300323", "2030-03-24", "approved"],
      ["20300330", "2030-03-30", "approved"],
    ]);
    const moved = byId.get("20300309");
    if (!moved) throw new Error("no moved occurrence");
    expect(moved.externalId).toBe(`${EXCHANGE_UID}#20300309`);
    const file = eventToIcs({ ...moved, pageUrl: "https://earthkind.test/events/x" }, "earthkind.test", FIXTURE_NOW);
    expect(file).toContain("DTSTART;VALUE=DATE:20300310\r\n");
    expect(file).toContain("DTEND;VALUE=DATE:20300311\r\n");
  });
});
