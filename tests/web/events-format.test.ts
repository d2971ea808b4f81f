import { describe, expect, it } from "vitest";
import type { EventResult } from "#contract/events/schemas";
import { suggestIcsUrls } from "../../web/features/events/calendar-discovery-tool";
import { formatEventWhen, formatMiles, searchErrorText } from "../../web/features/events/format";
import { expandedRadius } from "../../web/features/events/search-filters";
import { timeRange } from "../../web/features/events/time-frames";
import { ApiError } from "../../web/lib/api";
import { eventText } from "./support/event-text";

const en = eventText("en");

// The viewer's zone: date-fns formats in it, as a browser would. (This program has DOM types, not
// Node's; the test runs in Node, where setting TZ takes effect at once.)
declare const process: { env: Record<string, string | undefined> };
process.env.TZ = "America/Los_Angeles";

const event = (overrides: Partial<EventResult>): EventResult => ({
  id: "1",
  title: "Beach Cleanup",
  description: "Bring gloves",
  venue_name: "Ocean Beach",
  category: "cleanup",
  city: "San Francisco",
  state: "CA",
  start_time: "2030-03-07T17:00:00.000Z",
  end_time: null,
  all_day: false,
  end_time_unknown: true,
  time_zone: "America/Los_Angeles",
  registration_url: null,
  image_url: null,
  is_virtual: false,
  distance_miles: 3,
  is_fallback: false,
  ...overrides,
});

describe("event times", () => {
  // The viewer here is in New York; in-person events still read their own place's clock.
  const when = (e: EventResult, viewer: string | null = "America/New_York", site = "America/Los_Angeles") =>
    formatEventWhen(en, e, site, viewer);

  it("shows 'MMM d, h:mm a' at the event's own place with its zone, with the end time on the same day", () => {
    expect(when(event({}))).toBe("Mar 7, 9:00 AM PST");
    expect(when(event({}), null)).toBe("Mar 7, 9:00 AM PST");
    expect(when(event({ end_time: "2030-03-07T19:30:00.000Z" }))).toBe("Mar 7, 9:00 AM – 11:30 AM PST");
  });

  it("names standard and daylight time on either side of the DST changes, and zones without DST all year", () => {
    // Los Angeles springs forward on Mar 10, 2030 and falls back on Nov 3.
    expect(when(event({ start_time: "2030-03-09T17:00:00.000Z" }))).toBe("Mar 9, 9:00 AM PST");
    expect(when(event({ start_time: "2030-03-10T16:00:00.000Z" }))).toBe("Mar 10, 9:00 AM PDT");
    expect(when(event({ start_time: "2030-11-02T16:00:00.000Z" }))).toBe("Nov 2, 9:00 AM PDT");
    expect(when(event({ start_time: "2030-11-03T17:00:00.000Z" }))).toBe("Nov 3, 9:00 AM PST");
    // An overnight range across the fall-back hour names the zone at each end.
    expect(when(event({ start_time: "2030-11-03T08:30:00.000Z", end_time: "2030-11-03T10:30:00.000Z" }))).toBe(
      "Nov 3, 1:30 AM PDT – 2:30 AM PST",
    );
    const phoenix = { time_zone: "America/Phoenix", state: "AZ" };
    expect(when(event({ ...phoenix, start_time: "2030-01-15T16:00:00.000Z" }))).toBe("Jan 15, 9:00 AM MST");
    expect(when(event({ ...phoenix, start_time: "2030-07-15T16:00:00.000Z" }))).toBe("Jul 15, 9:00 AM MST");
    const honolulu = { time_zone: "Pacific/Honolulu", state: "HI" };
    expect(when(event({ ...honolulu, start_time: "2030-12-05T19:00:00.000Z" }))).toBe("Dec 5, 9:00 AM HST");
    expect(when(event({ ...honolulu, start_time: "2030-07-05T19:00:00.000Z" }))).toBe("Jul 5, 9:00 AM HST");
    expect(when(event({ time_zone: "America/New_York", start_time: "2030-07-05T13:00:00.000Z" }), null)).toBe(
      "Jul 5, 9:00 AM EDT",
    );
  });

  it("reads an in-person event of unknown zone in the site's zone, saying which", () => {
    expect(when(event({ time_zone: null }), "Europe/Paris", "America/Chicago")).toBe("Mar 7, 11:00 AM CST");
  });

  it("shows an online event in the viewer's zone and says so, and in the site's zone until it is known", () => {
    const online = event({ is_virtual: true, time_zone: null, end_time: "2030-03-07T18:00:00.000Z" });
    expect(when(online)).toBe("Mar 7, 12:00 PM – 1:00 PM EST (your time)");
    // No zone given: the runtime's own (this test's TZ, Los Angeles), as a hydrated browser has it.
    expect(formatEventWhen(en, online, "America/Chicago")).toBe("Mar 7, 9:00 AM – 10:00 AM PST (your time)");
    expect(when(online, "Pacific/Honolulu")).toBe("Mar 7, 7:00 AM – 8:00 AM HST (your time)");
    expect(when(online, null)).toBe("Mar 7, 9:00 AM – 10:00 AM PST");
  });

  it("shows an all-day event on its own date, whatever the viewer's zone", () => {
    // New York midnight is 9 pm the day before in California; the card still says Mar 8.
    const allDay = event({ all_day: true, start_time: "2030-03-08T05:00:00.000Z", time_zone: "America/New_York" });
    expect(when(allDay, "America/Los_Angeles")).toBe("Mar 8 · All day");
    expect(when({ ...allDay, is_virtual: true })).toBe("Mar 8 · All day");
  });

  it("says 'Time TBA' without a start and 'Date TBA' for an unreadable one", () => {
    expect(when(event({ start_time: "" }))).toBe("Time TBA");
    expect(when(event({ start_time: "not a date" }))).toBe("Date TBA");
  });
});

describe("search helpers", () => {
  it("doubles the radius up to 100 miles, on the offered options", () => {
    expect([5, 10, 25, 50, 100].map(expandedRadius)).toEqual([10, 25, 50, 100, null]);
  });

  it("turns the time frame into instants: 7 days, a month, or no bounds", () => {
    const now = new Date("2030-01-31T18:00:00.000Z");
    expect(timeRange("week", now)).toEqual({ start: now.toISOString(), end: "2030-02-07T18:00:00.000Z" });
    expect(timeRange("month", now).end).toBe("2030-02-28T18:00:00.000Z");
    expect(timeRange("all", now)).toEqual({});
  });

  it("words errors as the spec does", () => {
    expect(searchErrorText(en, new ApiError(400, "validation_error", "ZIP code must be 5 digits"))).toBe(
      "Error: ZIP code must be 5 digits",
    );
    expect(searchErrorText(en, new ApiError(502, "http_error", "HTTP 502: Bad Gateway"))).toBe("HTTP 502: Bad Gateway");
    expect(searchErrorText(en, new ApiError(0, "network_error", "Network error."))).toBe("Failed to load events");
    expect(searchErrorText(en, new Error("boom"))).toBe("Failed to load events");
  });
});

describe("calendar discovery", () => {
  it("suggests six feed URLs on https for a website, and nothing for a non-URL", () => {
    expect(suggestIcsUrls("example.org")).toBeNull();
    expect(suggestIcsUrls("javascript:alert(1)")).toBeNull();
    const urls = suggestIcsUrls(" http://www.example.org/chapter/ ")?.map((s) => s.url);
    expect(urls).toEqual([
      "https://www.example.org/chapter/events/?ical=1",
      "https://www.example.org/chapter/events/list/?ical=1",
      "https://www.example.org/chapter/?post_type=tribe_events&ical=1&eventDisplay=list",
      "https://www.example.org/chapter/calendar.ics",
      "https://www.example.org/chapter/events.ics",
      "https://www.example.org/chapter/calendar/ical",
    ]);
  });
});

describe("event text in Spanish (issue 46)", () => {
  const es = eventText("es");
  const when = (e: EventResult, viewer: string | null = "America/New_York") =>
    formatEventWhen(es, e, "America/Los_Angeles", viewer);

  it("writes times and dates as es-US does, the zone still named", () => {
    expect(when(event({ end_time: "2030-03-07T19:30:00.000Z" }))).toBe("7 mar, 9:00 a.m. – 11:30 a.m. PST");
    expect(when(event({ all_day: true, start_time: "2030-03-08T05:00:00.000Z" }))).toBe("8 mar · Todo el día");
    expect(when(event({ is_virtual: true, time_zone: null }))).toBe("7 mar, 12:00 p.m. EST (tu hora)");
    expect(when(event({ start_time: "" }))).toBe("Hora por confirmar");
  });

  it("words distances and errors in Spanish", () => {
    expect(formatMiles(es, 5.2)).toBe("a 5 millas");
    expect(formatMiles(es, 1)).toBe("a 1 milla");
    expect(searchErrorText(es, new ApiError(0, "network_error", "Network error."))).toBe(
      "No se pudieron cargar los eventos",
    );
  });
});
