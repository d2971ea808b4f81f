import { describe, expect, it } from "vitest";
import { readFirecrawlSource } from "../../worker/features/ingestion/adapters/firecrawl";
import { extractItems, readHtmlSource } from "../../worker/features/ingestion/adapters/html";
import { readIcsSource } from "../../worker/features/ingestion/adapters/ics";
import { readNpsSource } from "../../worker/features/ingestion/adapters/nps-api";
import type { Candidate } from "../../worker/features/ingestion/types";
import page0 from "../fixtures/ingestion/audubon-events-page-0.html?raw";
import page1 from "../fixtures/ingestion/audubon-events-page-1.html?raw";
import page2 from "../fixtures/ingestion/audubon-events-page-2.html?raw";
import firecrawlJson from "../fixtures/ingestion/firecrawl-earthday.json?raw";
import npsPage1 from "../fixtures/ingestion/nps-events-page-1.json?raw";
import npsPage2 from "../fixtures/ingestion/nps-events-page-2.json?raw";
import sierraIcs from "../fixtures/ingestion/sierra-club-chapter.ics?raw";
import { ctx, fakeFetch, source } from "./ingestion-helpers";

const byId = (list: Candidate[], id: string) => {
  const c = list.find((x) => x.externalId === id);
  if (!c) throw new Error(`no candidate ${id}; have ${list.map((x) => x.externalId).join(", ")}`);
  return c;
};

describe("ics adapter (recorded Sierra Club chapter feed)", () => {
  const sierra = { ...source("sierra-club-nyc"), url: "https://feeds.example.org/sfbay.ics" };
  const read = () => readIcsSource(sierra, ctx(fakeFetch(() => sierraIcs).fetch));

  it("expands RRULE + RDATE minus EXDATE, applies the RECURRENCE-ID override, ids are UID#recurrence-id", async () => {
    const { candidates } = await read();
    const series = candidates.filter((c) => c.externalId.startsWith("crissy-field-series@"));
    expect(series.map((c) => c.externalId.split("#")[1])).toEqual([
      "20300302T090000",
      "20300316T090000",
      "20300323T090000",
      "20300330T090000",
      "20300406T100000",
    ]);
    const moved = byId(candidates, "crissy-field-series@sfbay.sierraclub.example#20300323T090000");
    expect(moved.title).toBe("Crissy Field Dune Restoration (afternoon shift)");
    expect(moved.start).toEqual({ kind: "local", date: "2030-03-23", time: "13:00:00", zone: "America/Los_Angeles" });
  });

  it("keeps TZID wall times with their zone (the pipeline converts them DST-correctly)", async () => {
    const { candidates } = await read();
    const first = byId(candidates, "crissy-field-series@sfbay.sierraclub.example#20300302T090000");
    expect(first.start).toEqual({ kind: "local", date: "2030-03-02", time: "09:00:00", zone: "America/Los_Angeles" });
    expect(first.end).toEqual({ kind: "local", date: "2030-03-02", time: "11:00:00", zone: "America/Los_Angeles" });
    const windows = byId(candidates, "outlook-export-1@sfbay.sierraclub.example");
    expect(windows.start).toEqual({ kind: "local", date: "2030-03-15", time: "18:00:00", zone: "America/Los_Angeles" });
    const utc = byId(candidates, "webinar-utc@sfbay.sierraclub.example");
    expect(utc.start).toEqual({ kind: "instant", iso: "2030-03-18T02:00:00.000Z" });
    const floating = byId(candidates, "floating-time@sfbay.sierraclub.example");
    expect(floating.start).toEqual({ kind: "local", date: "2030-03-22", time: "10:00:00" });
    expect(floating.end).toBeNull();
  });

  it("reads all-day events, folded lines and escaped text", async () => {
    const { candidates } = await read();
    const fair = byId(candidates, "earth-day-fair-2030@sfbay.sierraclub.example");
    expect(fair).toMatchObject({
      allDay: true,
      start: { kind: "local", date: "2030-04-20", time: null },
      end: { kind: "local", date: "2030-04-21", time: null },
      description: "Booths, music and a native plant sale all day.",
    });
    const first = byId(candidates, "crissy-field-series@sfbay.sierraclub.example#20300302T090000");
    expect(first.title).toBe("Crissy Field Dune Restoration, Weekly Work Party");
    expect(first.description).toBe(
      "Help restore native dune habitat at Crissy Field. We pull invasive iceplant, plant natives and share snacks; gloves and tools are provided.\nMeet at the east beach parking lot. Ages 12+.",
    );
    expect(first).toMatchObject({
      venueName: "Crissy Field",
      // The street line only: the venue, city, state and ZIP have their own fields (decision 258).
      address: "1199 E Beach",
      city: "San Francisco",
      state: "CA",
      postalCode: "94129",
      registrationUrl: "https://www.sierraclub.org/san-francisco-bay/crissy-field",
      imageUrl: "https://www.sierraclub.org/sites/default/files/crissy.jpg",
      category: "forest_restoration",
      isVirtual: false,
    });
    expect(byId(candidates, "webinar-utc@sfbay.sierraclub.example").isVirtual).toBe(true);
  });

  it("expands an endless series only up to the horizon, skips its past occurrences and marks cancelled events", async () => {
    const { candidates, found, pages } = await read();
    const monthly = candidates.filter((c) => c.externalId.startsWith("monthly-cleanup@"));
    expect(monthly.map((c) => (c.start?.kind === "local" ? c.start.date : null))).toEqual([
      "2030-03-01",
      "2030-04-01",
      "2030-05-01",
      "2030-06-01",
      "2030-07-01",
      "2030-08-01",
    ]);
    // STATUS:CANCELLED is kept, marked, so a listed event becomes cancelled rather than vanishing (decision 200).
    expect(candidates.filter((c) => c.externalId.startsWith("cancelled@")).map((c) => c.cancelled)).toEqual([true]);
    // 5 series + 6 monthly + fair, outlook, webinar, floating, past, no-summary, cancelled.
    expect(found).toBe(18);
    expect(candidates).toHaveLength(18);
    expect(pages).toBe(1);
  });

  it("takes the organiser's name from ORGANIZER's CN, never its address (decision 233)", async () => {
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VEVENT",
      "UID:organised@example.org",
      "DTSTAMP:20300101T000000Z",
      "DTSTART:20300501T170000Z",
      "SUMMARY:Dune planting",
      'ORGANIZER;CN="Friends of Crissy Field":mailto:hello@crissy.example',
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:anonymous@example.org",
      "DTSTAMP:20300101T000000Z",
      "DTSTART:20300502T170000Z",
      "SUMMARY:Beach walk",
      "ORGANIZER:mailto:someone@example.org",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const { candidates } = await readIcsSource(sierra, ctx(fakeFetch(() => ics).fetch));
    expect(byId(candidates, "organised@example.org").organizerName).toBe("Friends of Crissy Field");
    expect(byId(candidates, "anonymous@example.org").organizerName).toBeNull();
  });

  it("fails with a clear message for a feed that is not iCalendar", async () => {
    await expect(readIcsSource(sierra, ctx(fakeFetch(() => "<html>Not here</html>").fetch))).rejects.toThrow(
      /Not a valid iCalendar feed/,
    );
  });
});

describe("html adapter (recorded Audubon listing, paginated)", () => {
  const audubon = source("audubon");
  const pages: Record<string, string> = { "0": page0, "1": page1, "2": page2 };
  const listing = () =>
    fakeFetch((url) => (url.host === "www.audubon.org" ? pages[url.searchParams.get("page") ?? ""] : undefined));

  it("reads items with per-source selectors and follows pages until an empty one", async () => {
    const fake = listing();
    const result = await readHtmlSource(audubon, ctx(fake.fetch));
    expect(fake.requests.map((r) => r.url)).toEqual([
      "https://www.audubon.org/events?page=0",
      "https://www.audubon.org/events?page=1",
      "https://www.audubon.org/events?page=2",
    ]);
    expect(result.pages).toBe(3);
    expect(result.found).toBe(7);
    const [brews] = result.candidates;
    expect(brews).toMatchObject({
      externalId: "https://www.audubon.org/events/birds-brews-golden-gate",
      title: "Birds & Brews: Spring Migration",
      venueName: "Golden Gate Bird Alliance Nature Center",
      city: "Berkeley",
      state: "CA",
      postalCode: "94704",
      start: { kind: "instant", iso: "2030-03-09T01:30:00.000Z" },
      end: { kind: "instant", iso: "2030-03-09T03:30:00.000Z" },
      imageUrl: "https://www.audubon.org/sites/default/files/styles/card/public/2030-02/birds-brews.jpg?itok=x1",
      category: "wildlife",
    });
    expect(brews?.description).toBe(
      "An evening walk along the shoreline followed by a social hour.\nBinoculars available to borrow.",
    );
    const owl = byId(result.candidates, "https://www.audubon.org/events/christmas-bird-count-portland");
    expect(owl).toMatchObject({ allDay: true, start: { kind: "local", date: "2030-03-12", time: null } });
    expect(byId(result.candidates, "https://www.audubon.org/events/date-to-be-announced").start).toEqual({
      kind: "invalid",
      raw: "TBD",
    });
    expect(byId(result.candidates, "https://www.audubon.org/events/untitled").title).toBe("");
    expect(byId(result.candidates, "https://www.audubon.org/events/bird-friendly-gardens-webinar").isVirtual).toBe(
      true,
    );
  });

  it("reads at most the requested pages from the requested start page", async () => {
    const fake = listing();
    const result = await readHtmlSource(audubon, ctx(fake.fetch, { startPage: 1, pages: 1 }));
    expect(fake.requests.map((r) => r.url)).toEqual(["https://www.audubon.org/events?page=1"]);
    expect(result.found).toBe(4);
  });

  it("keeps the pages read before a failing page and reports the failure", async () => {
    const fake = fakeFetch((url) => (url.searchParams.get("page") === "0" ? page0 : { status: 500 }));
    const result = await readHtmlSource(audubon, ctx(fake.fetch));
    expect(result.pages).toBe(1);
    expect(result.found).toBe(3);
    expect(result.error).toBe("Page 2: HTTP 500 Internal Server Error from www.audubon.org");
  });

  it("takes attributes and the first matching text of each field", async () => {
    const items = await extractItems(
      `<ul><li class="e"><b class="t">One &amp; <i>only</i></b><b class="t">ignored</b><a href="/x">x</a></li><li class="e"><b class="t">Two</b></li></ul>`,
      { item: "li.e", title: { selector: "b.t" }, link: { selector: "a", attr: "href" }, start: { selector: "time" } },
    );
    expect(items).toEqual([{ title: "One & only", link: "/x" }, { title: "Two" }]);
  });
});

describe("api adapter (recorded NPS events pages)", () => {
  const nps = source("nps");
  const api = () =>
    fakeFetch((url) => {
      if (url.host !== "developer.nps.gov") return undefined;
      return url.searchParams.get("pageNumber") === "1"
        ? npsPage1
        : url.searchParams.get("pageNumber") === "2"
          ? npsPage2
          : undefined;
    });

  it("pages through the API with the key in a header and maps one candidate per date", async () => {
    const fake = api();
    const result = await readNpsSource(nps, ctx(fake.fetch, { apiKey: "test-key" }));
    expect(fake.requests.map((r) => r.url)).toEqual([
      "https://developer.nps.gov/api/v1/events?pageSize=50&pageNumber=1",
      "https://developer.nps.gov/api/v1/events?pageSize=50&pageNumber=2",
    ]);
    expect(fake.requests[0]?.headers.get("X-Api-Key")).toBe("test-key");
    expect(result.pages).toBe(2);
    expect(result.candidates.map((c) => c.externalId)).toEqual([
      "NPS-E-10001:2030-02-23",
      "NPS-E-10001:2030-03-02",
      "NPS-E-10001:2030-03-16",
      "NPS-E-10002:2030-03-23",
      "NPS-E-10003:2030-03-30",
      "NPS-E-10003:March 31st",
    ]);
    expect(byId(result.candidates, "NPS-E-10001:2030-03-02")).toMatchObject({
      title: "Habitat Restoration at Crissy Field",
      description: "Join park stewards to remove invasive plants & restore native dunes.",
      venueName: "Golden Gate National Recreation Area",
      lat: 37.8039,
      lon: -122.466,
      start: { kind: "local", date: "2030-03-02", time: "09:00" },
      end: { kind: "local", date: "2030-03-02", time: "12:00" },
      registrationUrl: "https://www.parksconservancy.org/volunteer",
      imageUrl: "https://www.nps.gov/common/uploads/event_calendar/crissy-dunes.jpg",
      category: "forest_restoration",
    });
    expect(byId(result.candidates, "NPS-E-10002:2030-03-23")).toMatchObject({ allDay: true, start: { time: null } });
    expect(byId(result.candidates, "NPS-E-10003:2030-03-30")).toMatchObject({ lat: null, lon: null });
    expect(byId(result.candidates, "NPS-E-10003:March 31st").start).toEqual({ kind: "invalid", raw: "March 31st" });
  });

  it("refuses to run without a key", async () => {
    await expect(readNpsSource(nps, ctx(api().fetch))).rejects.toThrow("NPS_API_KEY is not set");
  });
});

describe("firecrawl adapter (recorded scrape answer)", () => {
  it("posts the source URL with a JSON schema and maps the extracted events", async () => {
    const crawl = source("earthday-crawl");
    const fake = fakeFetch((url) => (url.host === "api.firecrawl.dev" ? firecrawlJson : undefined));
    const result = await readFirecrawlSource(crawl, ctx(fake.fetch, { apiKey: "fc-test" }));
    expect(fake.requests[0]?.url).toBe("https://api.firecrawl.dev/v2/scrape");
    expect(fake.requests[0]?.headers.get("Authorization")).toBe("Bearer fc-test");
    expect(JSON.parse(fake.requests[0]?.body ?? "{}")).toMatchObject({ url: "https://www.earthday.org/events/" });
    expect(result.found).toBe(3);
    expect(result.candidates[0]).toMatchObject({
      title: "Great Global Cleanup: Rockaway Beach",
      start: { kind: "instant", iso: "2030-04-20T14:00:00.000Z" },
      postalCode: "11693",
      category: "cleanup",
    });
    expect(result.candidates[1]).toMatchObject({
      isVirtual: true,
      start: { kind: "local", date: "2030-04-22", time: "19:00" },
    });
    expect(result.candidates[2]?.start).toEqual({ kind: "invalid", raw: "soon" });
  });
});

describe("failing sources", () => {
  it("turns a 500 into a clear error", async () => {
    const fake = fakeFetch(() => ({ status: 500 }));
    await expect(readIcsSource(source("openlands"), ctx(fake.fetch))).rejects.toThrow(
      "HTTP 500 Internal Server Error from openlands.org",
    );
  });

  it("gives up on a source that does not answer in time", async () => {
    const fake = fakeFetch(() => "hang");
    const started = Date.now();
    await expect(readIcsSource(source("openlands"), ctx(fake.fetch, { timeoutMs: 200 }))).rejects.toThrow(
      "Timed out after 200 ms waiting for openlands.org",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
