import { describe, expect, it } from "vitest";
import {
  addDays,
  dayInZone,
  dayOfWeek,
  daysBetween,
  localToUtc,
  utcOffsetMinutes,
  zoneAbbreviation,
} from "#contract/platform/zoned-time";

describe("zoned time", () => {
  it("converts local times to UTC across daylight saving changes", () => {
    expect(localToUtc("2026-03-07", "09:00", "America/Los_Angeles").toISOString()).toBe("2026-03-07T17:00:00.000Z");
    expect(localToUtc("2026-03-08", "09:00", "America/Los_Angeles").toISOString()).toBe("2026-03-08T16:00:00.000Z");
    expect(localToUtc("2026-11-01", "00:00", "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(localToUtc("2026-11-01", "09:00", "America/New_York").toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(localToUtc("2026-07-01", "07:30", "America/Phoenix").toISOString()).toBe("2026-07-01T14:30:00.000Z");
  });

  it("gives the site's calendar day", () => {
    const instant = new Date("2026-11-22T02:38:00Z");
    expect(dayInZone(instant, "America/Los_Angeles")).toBe("2026-11-21");
    expect(dayInZone(instant, "America/New_York")).toBe("2026-11-21");
    expect(dayInZone(instant, "UTC")).toBe("2026-11-22");
  });
  it("does calendar arithmetic on days", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(dayOfWeek("2026-11-22")).toBe(0);
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
  });

  it("names the zone as US English does, standard or daylight as the date requires", () => {
    expect(zoneAbbreviation(new Date("2030-03-09T17:00:00Z"), "America/Los_Angeles")).toBe("PST");
    expect(zoneAbbreviation(new Date("2030-03-10T17:00:00Z"), "America/Los_Angeles")).toBe("PDT");
    expect(zoneAbbreviation(new Date("2030-07-01T17:00:00Z"), "America/Phoenix")).toBe("MST");
    expect(zoneAbbreviation(new Date("2030-07-01T17:00:00Z"), "Pacific/Honolulu")).toBe("HST");
    expect(zoneAbbreviation(new Date("2030-07-01T17:00:00Z"), "America/Anchorage")).toBe("AKDT");
    expect(utcOffsetMinutes(Date.parse("2030-07-01T17:00:00Z"), "America/Los_Angeles")).toBe(-420);
    expect(utcOffsetMinutes(Date.parse("2030-07-01T17:00:00Z"), "Asia/Kolkata")).toBe(330);
  });
});
