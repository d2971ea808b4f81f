import { describe, expect, it } from "vitest";
import { offsetChanges, vtimezoneLines, zonedDateTimeValue } from "../../worker/features/events/calendar-time-zones";

const ms = (iso: string) => new Date(iso).getTime();

describe("offset changes from Intl", () => {
  it("finds each DST change to the minute, with the offsets either side", () => {
    expect(offsetChanges("America/Los_Angeles", ms("2030-01-01T00:00:00Z"), ms("2031-01-01T00:00:00Z"))).toEqual([
      { at: ms("2030-03-10T10:00:00Z"), from: -480, to: -420 },
      { at: ms("2030-11-03T09:00:00Z"), from: -420, to: -480 },
    ]);
    // Lord Howe Island moves by half an hour.
    expect(offsetChanges("Australia/Lord_Howe", ms("2030-01-01T00:00:00Z"), ms("2031-01-01T00:00:00Z"))).toEqual([
      { at: ms("2030-04-06T15:00:00Z"), from: 660, to: 630 },
      { at: ms("2030-10-05T15:30:00Z"), from: 630, to: 660 },
    ]);
  });

  it("finds none for zones without DST", () => {
    expect(offsetChanges("America/Phoenix", ms("2030-01-01T00:00:00Z"), ms("2032-01-01T00:00:00Z"))).toEqual([]);
    expect(offsetChanges("Pacific/Honolulu", ms("2030-01-01T00:00:00Z"), ms("2032-01-01T00:00:00Z"))).toEqual([]);
  });
});

describe("VTIMEZONE", () => {
  it("holds the change in effect at the first time and every later one, onsets in the old offset's wall time", () => {
    expect(vtimezoneLines("America/New_York", ms("2030-12-01T15:00:00Z"), ms("2031-06-01T15:00:00Z"))).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:America/New_York",
      "BEGIN:STANDARD",
      "DTSTART:20301103T020000",
      "TZOFFSETFROM:-0400",
      "TZOFFSETTO:-0500",
      "TZNAME:EST",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:20310309T020000",
      "TZOFFSETFROM:-0500",
      "TZOFFSETTO:-0400",
      "TZNAME:EDT",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
    ]);
  });

  it("is one standard observance for a zone that does not change", () => {
    expect(vtimezoneLines("Pacific/Honolulu", ms("2030-07-01T19:00:00Z"), ms("2030-07-01T21:00:00Z"))).toEqual([
      "BEGIN:VTIMEZONE",
      "TZID:Pacific/Honolulu",
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      "TZOFFSETFROM:-1000",
      "TZOFFSETTO:-1000",
      "TZNAME:HST",
      "END:STANDARD",
      "END:VTIMEZONE",
    ]);
    expect(vtimezoneLines("Asia/Kolkata", ms("2030-07-01T00:00:00Z"), ms("2030-07-01T00:00:00Z"))).toContain(
      "TZOFFSETTO:+0530",
    );
  });

  it("writes wall-clock values in the zone, DST-correct", () => {
    expect(zonedDateTimeValue("2030-03-09T17:00:00.000Z", "America/Los_Angeles")).toBe("20300309T090000");
    expect(zonedDateTimeValue("2030-03-10T16:00:00.000Z", "America/Los_Angeles")).toBe("20300310T090000");
    expect(zonedDateTimeValue("2030-07-01T16:00:00.000Z", "America/Phoenix")).toBe("20300701T090000");
  });
});
