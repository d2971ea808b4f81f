import { describe, expect, it } from "vitest";
import { loadZipRows } from "../../db/seed/zip-rows";
import { endOfDayAt, isSendDue, isWaveDue, weeklySendDay, weeklySendDueAt } from "../../worker/features/email/schedule";

describe("the Monday rule", () => {
  it("sends on the first Monday within the run", () => {
    // Sunday–Saturday week (Quick Setup's): the Monday after the start.
    expect(weeklySendDay("2026-11-01", "2026-11-07")).toBe("2026-11-02");
    // Starts on a Monday: that day.
    expect(weeklySendDay("2026-11-02", "2026-11-08")).toBe("2026-11-02");
    // Starts mid-week: the next Monday, if the run reaches it.
    expect(weeklySendDay("2026-11-04", "2026-11-10")).toBe("2026-11-09");
    // No end date: a week from the start, which always holds a Monday.
    expect(weeklySendDay("2026-11-06", null)).toBe("2026-11-09");
    // A run with no Monday (Tuesday–Saturday, or a single Wednesday): the start date itself.
    expect(weeklySendDay("2026-11-03", "2026-11-07")).toBe("2026-11-03");
    expect(weeklySendDay("2026-11-04", "2026-11-04")).toBe("2026-11-04");
    // The last day counts: a run ending on a Monday reaches it.
    expect(weeklySendDay("2026-11-05", "2026-11-09")).toBe("2026-11-09");
  });

  it("is 09:00 in each zone, across the November change", () => {
    // The Monday before the change (2026-10-26, daylight time) and after it (2026-11-02, standard time).
    expect(weeklySendDueAt("2026-10-26", "America/New_York").toISOString()).toBe("2026-10-26T13:00:00.000Z");
    expect(weeklySendDueAt("2026-11-02", "America/New_York").toISOString()).toBe("2026-11-02T14:00:00.000Z");
    expect(weeklySendDueAt("2026-10-26", "America/Los_Angeles").toISOString()).toBe("2026-10-26T16:00:00.000Z");
    expect(weeklySendDueAt("2026-11-02", "America/Los_Angeles").toISOString()).toBe("2026-11-02T17:00:00.000Z");
    // Arizona and Hawaii keep no daylight time: the same UTC hour on both Mondays.
    expect(weeklySendDueAt("2026-10-26", "America/Phoenix").toISOString()).toBe("2026-10-26T16:00:00.000Z");
    expect(weeklySendDueAt("2026-11-02", "America/Phoenix").toISOString()).toBe("2026-11-02T16:00:00.000Z");
    expect(weeklySendDueAt("2026-11-02", "Pacific/Honolulu").toISOString()).toBe("2026-11-02T19:00:00.000Z");
    expect(endOfDayAt("2026-11-02", "Pacific/Honolulu").toISOString()).toBe("2026-11-03T10:00:00.000Z");
  });

  it("is due per zone from 09:00 on the send day until the action's last day there", () => {
    const week = { startDate: "2026-11-01", endDate: "2026-11-07" };
    expect(isWaveDue(week, new Date("2026-11-02T13:59:00Z"), "America/New_York")).toBe(false);
    expect(isWaveDue(week, new Date("2026-11-02T14:00:00Z"), "America/New_York")).toBe(true);
    expect(isWaveDue(week, new Date("2026-11-02T14:00:00Z"), "America/Los_Angeles")).toBe(false);
    // Not on the Sunday start date any more.
    expect(isWaveDue(week, new Date("2026-11-01T17:00:00Z"), "America/Los_Angeles")).toBe(false);
    // A missed wave still goes out within the week, never after it (the last day in that zone).
    expect(isWaveDue(week, new Date("2026-11-08T07:59:00Z"), "America/Los_Angeles")).toBe(true);
    expect(isWaveDue(week, new Date("2026-11-08T08:00:00Z"), "America/Los_Angeles")).toBe(false);
    expect(isWaveDue({ startDate: null, endDate: null }, new Date("2026-11-02T20:00:00Z"), "UTC")).toBe(false);
    expect(isSendDue(week, new Date("2026-11-02T14:00:00Z"), ["America/Los_Angeles", "America/New_York"])).toBe(true);
    expect(isSendDue(week, new Date("2026-11-02T14:00:00Z"), ["America/Los_Angeles"])).toBe(false);
  });
});

describe("ZIP time zones (seed time, from the centroid)", () => {
  const zones = new Map(loadZipRows().map((z) => [z.zip, z.timeZone]));

  it("gives every ZIP a zone", () => {
    const missing = [...zones].filter(([, tz]) => !tz).map(([zip]) => zip);
    expect(missing).toEqual([]);
  });

  it.each([
    ["32501", "Pensacola FL (panhandle)", "America/Chicago"],
    ["32301", "Tallahassee FL", "America/New_York"],
    ["79901", "El Paso TX", "America/Denver"],
    ["75201", "Dallas TX", "America/Chicago"],
    ["46320", "Hammond IN (Chicago area)", "America/Chicago"],
    ["46204", "Indianapolis IN", "America/Indiana/Indianapolis"],
    ["42001", "Paducah KY", "America/Chicago"],
    ["40202", "Louisville KY", "America/Kentucky/Louisville"],
    ["37201", "Nashville TN", "America/Chicago"],
    ["37902", "Knoxville TN", "America/New_York"],
    ["83814", "Coeur d'Alene ID (panhandle)", "America/Los_Angeles"],
    ["83702", "Boise ID", "America/Boise"],
    ["97914", "Ontario OR (Malheur County)", "America/Boise"],
    ["97201", "Portland OR", "America/Los_Angeles"],
    ["58601", "Dickinson ND", "America/Denver"],
    ["58501", "Bismarck ND", "America/Chicago"],
    ["57701", "Rapid City SD", "America/Denver"],
    ["57501", "Pierre SD", "America/Chicago"],
    ["69361", "Scottsbluff NE", "America/Denver"],
    ["68102", "Omaha NE", "America/Chicago"],
    ["67735", "Goodland KS", "America/Denver"],
    ["66101", "Kansas City KS", "America/Chicago"],
    ["86001", "Flagstaff AZ", "America/Phoenix"],
    ["86503", "Chinle AZ (Navajo Nation)", "America/Denver"],
    ["96813", "Honolulu HI", "Pacific/Honolulu"],
    ["99501", "Anchorage AK", "America/Anchorage"],
  ])("%s (%s) is in %s", (zip, _place, zone) => {
    expect(zones.get(zip)).toBe(zone);
  });
});
