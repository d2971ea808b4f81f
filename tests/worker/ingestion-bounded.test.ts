import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { events, ingestionRuns } from "../../db/schema";
import { readFirecrawlSource } from "../../worker/features/ingestion/adapters/firecrawl";
import { readHtmlSource } from "../../worker/features/ingestion/adapters/html";
import { readIcsSource } from "../../worker/features/ingestion/adapters/ics";
import { readNpsSource } from "../../worker/features/ingestion/adapters/nps-api";
import { sourceFetch, usesFixtures } from "../../worker/features/ingestion/fetcher";
import { publicOnly } from "../../worker/features/ingestion/http";
import { MAX_BODY_BYTES, MAX_REDIRECTS, TEXT_MAX } from "../../worker/features/ingestion/limits";
import { runIntoRecord } from "../../worker/features/ingestion/run-source";
import { createRuns } from "../../worker/features/ingestion/runs";
import type { AdapterContext, SourceConfig } from "../../worker/features/ingestion/types";
import firecrawlJson from "../fixtures/ingestion/firecrawl-earthday.json?raw";
import npsPage2 from "../fixtures/ingestion/nps-events-page-2.json?raw";
import sierraIcs from "../fixtures/ingestion/sierra-club-chapter.ics?raw";
import { db } from "./helpers";
import { ctx, deps, fakeFetch, seedFixtureZips, source } from "./ingestion-helpers";

// Decision 180: what a source may send us is bounded in size, time, redirects and destination.

const encode = (text: string) => new TextEncoder().encode(text);
const feed = (url = "https://openlands.org/events.ics"): SourceConfig => ({
  ...source("openlands"),
  key: `test-bounded-${crypto.randomUUID().slice(0, 8)}`,
  url,
});
const redirect = (status: number, location: string) => new Response(null, { status, headers: { Location: location } });
const stored = (sourceKey: string) => db().select().from(events).where(eq(events.sourceKey, sourceKey));
const newRun = async (sourceKey: string) => {
  const id = crypto.randomUUID();
  await createRuns(db(), [{ id, sourceKey }], new Date());
  return id;
};
const runOf = async (id: string) => (await db().select().from(ingestionRuns).where(eq(ingestionRuns.id, id)))[0];

/** A body that never ends: a calendar's first lines, then 64 KB chunks for as long as anyone reads. */
function endlessBody(head: string) {
  const chunk = encode(`X-FILLER:${"a".repeat(64 * 1024 - 12)}\r\n`);
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encode(head));
    },
    pull(controller) {
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

const calendarHead = sierraIcs.replace(/END:VCALENDAR\s*$/, "");

beforeEach(async () => {
  await seedFixtureZips();
});
afterEach(() => vi.restoreAllMocks());

describe("body size cap", () => {
  it("cancels a body past the cap, fails the run with a clear error and imports nothing of it", async () => {
    const body = endlessBody(calendarHead);
    const src = feed();
    const runId = await newRun(src.key);
    const out = await runIntoRecord(deps(fakeFetch(() => new Response(body.stream)).fetch), runId, src, {
      startPage: 0,
      pages: 1,
    });
    expect(out).toMatchObject({
      status: "failed",
      error: "Refused: the answer from openlands.org is larger than 4 MB",
    });
    expect(await runOf(runId)).toMatchObject({
      status: "failed",
      errorMessage: "Refused: the answer from openlands.org is larger than 4 MB",
      found: 0,
      inserted: 0,
    });
    expect(await stored(src.key)).toEqual([]);
    await vi.waitFor(() => expect(body.state.cancelled).toBe(true));
    // Read as a stream: it stopped just past the cap instead of reading on.
    expect(body.state.pulled).toBeLessThan(MAX_BODY_BYTES.ics + 256 * 1024);
  });

  it("refuses a body whose declared length is past the cap without reading it", async () => {
    const body = endlessBody(calendarHead);
    const answer = new Response(body.stream, { headers: { "Content-Length": String(MAX_BODY_BYTES.ics + 1) } });
    await expect(readIcsSource(feed(), ctx(fakeFetch(() => answer).fetch))).rejects.toThrow(
      "Refused: the answer from openlands.org is larger than 4 MB",
    );
    expect(body.state.pulled).toBeLessThan(256 * 1024);
  });

  it("has a cap for every source type, smaller for JSON than for feeds and pages", () => {
    expect(MAX_BODY_BYTES.api).toBeLessThan(MAX_BODY_BYTES.html);
    expect(MAX_BODY_BYTES.firecrawl).toBeLessThan(MAX_BODY_BYTES.ics);
  });

  it("keeps an HTML listing's earlier pages and names the page that was too large", async () => {
    const audubon = source("audubon");
    const page0 = `<article class="event-teaser"><h3 class="event-teaser__title"><a href="/events/a">Bird walk</a></h3><time class="event-teaser__start" datetime="2030-03-08">Mar 8</time></article>`;
    const fake = fakeFetch((url) =>
      url.searchParams.get("page") === "0" ? page0 : new Response(endlessBody("<html>").stream),
    );
    const result = await readHtmlSource(audubon, ctx(fake.fetch, { pages: 2 }));
    expect(result).toMatchObject({
      pages: 1,
      found: 1,
      error: "Page 2: Refused: the answer from www.audubon.org is larger than 3 MB",
    });
  });
});

describe("time limit", () => {
  it("gives up on a body that stops arriving", async () => {
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode("BEGIN:VCALENDAR\r\n"));
      },
    });
    const fake = fakeFetch(() => new Response(stalled));
    await expect(readIcsSource(feed(), ctx(fake.fetch, { timeoutMs: 200 }))).rejects.toThrow(
      "Timed out after 200 ms reading openlands.org",
    );
  });

  it("counts the headers' wait and the body's against one deadline", async () => {
    // Each half alone is within the limit; together they are not.
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const trickle = () =>
      new ReadableStream<Uint8Array>({
        async start(controller) {
          await sleep(200);
          controller.enqueue(encode(sierraIcs));
          controller.close();
        },
      });
    const fetch: AdapterContext["fetch"] = async () => {
      await sleep(200);
      return new Response(trickle());
    };
    await expect(readIcsSource(feed(), ctx(fetch, { timeoutMs: 300 }))).rejects.toThrow(
      "Timed out after 300 ms reading openlands.org",
    );
  });
});

describe("redirects", () => {
  const nps = source("nps");

  it("are followed by hand, and a redirect to another origin arrives without the API key", async () => {
    const fake = fakeFetch((url) => {
      if (url.host === "developer.nps.gov") return redirect(302, `https://mirror.example.net/v1/events${url.search}`);
      if (url.host === "mirror.example.net") return npsPage2;
      return undefined;
    });
    const result = await readNpsSource(nps, ctx(fake.fetch, { apiKey: "secret-key" }));
    expect(fake.requests.map((r) => [r.url, r.redirect, r.headers.get("X-Api-Key")])).toEqual([
      ["https://developer.nps.gov/api/v1/events?pageSize=50&pageNumber=1", "manual", "secret-key"],
      ["https://mirror.example.net/v1/events?pageSize=50&pageNumber=1", "manual", null],
    ]);
    expect(result.found).toBe(2);
  });

  it("keep the API key on the same origin", async () => {
    const fake = fakeFetch((url) =>
      url.pathname === "/api/v1/events" ? redirect(307, `/api/v2/events${url.search}`) : npsPage2,
    );
    await readNpsSource(nps, ctx(fake.fetch, { apiKey: "secret-key" }));
    expect(fake.requests.map((r) => [r.url, r.headers.get("X-Api-Key")])).toEqual([
      ["https://developer.nps.gov/api/v1/events?pageSize=50&pageNumber=1", "secret-key"],
      ["https://developer.nps.gov/api/v2/events?pageSize=50&pageNumber=1", "secret-key"],
    ]);
  });

  it("drop Authorization across origins, and a 303 after a POST continues as a GET without the body", async () => {
    const fake = fakeFetch((url) =>
      url.host === "api.firecrawl.dev" ? redirect(303, "https://results.example.com/scrape/1") : firecrawlJson,
    );
    const result = await readFirecrawlSource(source("earthday-crawl"), ctx(fake.fetch, { apiKey: "fc-secret" }));
    expect(fake.requests.map((r) => [r.method, r.url, r.headers.get("Authorization"), r.body === null])).toEqual([
      ["POST", "https://api.firecrawl.dev/v2/scrape", "Bearer fc-secret", false],
      ["GET", "https://results.example.com/scrape/1", null, true],
    ]);
    expect(fake.requests[1]?.headers.get("Content-Type")).toBeNull();
    expect(result.found).toBe(3);
  });

  it("refuse https to http", async () => {
    const fake = fakeFetch(() => redirect(301, "http://openlands.org/events.ics"));
    await expect(readIcsSource(feed(), ctx(fake.fetch))).rejects.toThrow(
      "Refused a redirect from https to http (openlands.org to openlands.org)",
    );
    expect(fake.requests).toHaveLength(1);
  });

  it("allow http to https", async () => {
    const fake = fakeFetch((url) =>
      url.protocol === "http:" ? redirect(301, "https://openlands.org/events.ics") : sierraIcs,
    );
    const result = await readIcsSource(feed("http://openlands.org/events.ics"), ctx(fake.fetch));
    expect(fake.requests.map((r) => r.url)).toEqual([
      "http://openlands.org/events.ics",
      "https://openlands.org/events.ics",
    ]);
    expect(result.found).toBeGreaterThan(0);
  });

  it(`stop after ${MAX_REDIRECTS}`, async () => {
    let hop = 0;
    const fake = fakeFetch(() => redirect(302, `/hop-${++hop}.ics`));
    await expect(readIcsSource(feed(), ctx(fake.fetch))).rejects.toThrow(
      `Refused: more than ${MAX_REDIRECTS} redirects from openlands.org`,
    );
    expect(fake.requests).toHaveLength(MAX_REDIRECTS + 1);
  });

  it("that lead to a private address are refused before they are requested", async () => {
    const fake = fakeFetch(() => redirect(302, "http://169.254.169.254/latest/meta-data/"));
    const fetch = publicOnly(fake.fetch);
    await expect(readIcsSource(feed("http://openlands.org/events.ics"), ctx(fetch))).rejects.toThrow(
      "Refused to fetch 169.254.169.254: 169.254.169.254 is a private or loopback address",
    );
    expect(fake.requests).toHaveLength(1);
  });
});

describe("private and loopback targets", () => {
  it.each([
    ["http://localhost:8787/dev/fixtures/ingestion/openlands", "localhost is this machine"],
    ["http://127.1/feed.ics", "127.0.0.1 is a private or loopback address"],
    ["http://0x7f.1/feed.ics", "127.0.0.1 is a private or loopback address"],
    ["http://[::1]/feed.ics", "[::1] is a private or loopback address"],
    ["http://[::ffff:127.0.0.1]/feed.ics", "[::ffff:7f00:1] is a private or loopback address"],
    ["http://169.254.10.1/feed.ics", "169.254.10.1 is a private or loopback address"],
    ["http://10.0.0.8/feed.ics", "10.0.0.8 is a private or loopback address"],
    ["http://172.20.1.1/feed.ics", "172.20.1.1 is a private or loopback address"],
    ["http://192.168.0.10/feed.ics", "192.168.0.10 is a private or loopback address"],
    ["http://[fd00::5]/feed.ics", "[fd00::5] is a private or loopback address"],
    ["http://[fe80::1]/feed.ics", "[fe80::1] is a private or loopback address"],
    ["http://0.0.0.0/feed.ics", "0.0.0.0 is a private or loopback address"],
    ["ftp://openlands.org/feed.ics", "ftp: URLs are not fetched"],
  ])("refuses %s without requesting it", async (url, reason) => {
    const fake = fakeFetch(() => sierraIcs);
    await expect(readIcsSource(feed(url), ctx(publicOnly(fake.fetch)))).rejects.toThrow(reason);
    expect(fake.requests).toEqual([]);
  });

  it("are refused on the network fetch of real sources, and the run records why", async () => {
    const live = { ...env, INGESTION_FIXTURES: "false" };
    const network = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(sierraIcs));
    const src = feed("http://127.0.0.1:8787/feed.ics");
    const runId = await newRun(src.key);
    const out = await runIntoRecord(deps(sourceFetch(live, src)), runId, src, { startPage: 0, pages: 1 });
    expect(out).toMatchObject({
      status: "failed",
      error: "Refused to fetch 127.0.0.1:8787: 127.0.0.1 is a private or loopback address",
    });
    expect((await runOf(runId))?.errorMessage).toBe(out.error);
    expect(network).not.toHaveBeenCalled();
    // A public source goes out as before.
    const result = await readIcsSource(feed(), ctx(sourceFetch(live, source("openlands"))));
    expect(result.found).toBeGreaterThan(0);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it("leave development's fixture mode alone: it answers in-process, never from the network", async () => {
    expect(usesFixtures(env)).toBe(true);
    const network = vi.spyOn(globalThis, "fetch");
    const result = await readIcsSource(
      source("openlands"),
      ctx(sourceFetch(env, source("openlands")), { now: new Date() }),
    );
    expect(result.found).toBeGreaterThan(0);
    expect(network).not.toHaveBeenCalled();
  });
});

describe("hostile text", () => {
  it("an iCalendar feed's megabyte of unclosed tags and blanks is cut to the stored length and stored", async () => {
    const description = `<p>Bring gloves.</p>${"<b <i ".repeat(200_000)}`;
    const summary = `Beach cleanup${" ".repeat(1_000_000)}tail`;
    const text = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VEVENT",
      "UID:hostile-1@test",
      "DTSTART;TZID=America/Los_Angeles:20300310T090000",
      "DTEND;TZID=America/Los_Angeles:20300310T110000",
      `SUMMARY:${summary}`,
      `DESCRIPTION:${description}`,
      "LOCATION:Crissy Field\\, 1199 E Beach\\, San Francisco\\, CA 94129",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const src = feed();
    const runId = await newRun(src.key);
    const out = await runIntoRecord(deps(fakeFetch(() => text).fetch), runId, src, { startPage: 0, pages: 1 });
    expect(out).toMatchObject({ status: "completed", counters: { found: 1, inserted: 1 } });
    const [row] = await stored(src.key);
    expect(row?.title).toBe("Beach cleanup…");
    expect(row?.description?.startsWith("Bring gloves.\n<b <i <b <i ")).toBe(true);
    expect(row?.description?.endsWith("…")).toBe(true);
    expect(row?.description?.length).toBeGreaterThan(TEXT_MAX.description - 10);
    expect(row?.description?.length).toBeLessThanOrEqual(TEXT_MAX.description);
  });

  it("an NPS answer's half megabyte of blank lines, unclosed tags, tags and blanks before a time is read quickly", async () => {
    const page = JSON.parse(npsPage2);
    page.data[0].description = `<p>Ranger talk.</p>${" \n".repeat(100_000)}${"<a href=x".repeat(30_000)}`;
    page.data[0].tags = Array.from({ length: 10_000 }, () => "owls");
    page.data[0].times = [{ timestart: `${" ".repeat(200_000)}2:00 PM`, timeend: "02:45 PM" }];
    const fake = fakeFetch(() => JSON.stringify(page));
    const result = await readNpsSource(source("nps"), ctx(fake.fetch, { apiKey: "k" }));
    expect(result.candidates[0]).toMatchObject({ description: "Ranger talk.…", category: "education", allDay: true });
  });

  it("an HTML listing's megabyte of blanks and entities is cut while the page streams, before decoding", async () => {
    const html = `<article class="event-teaser">
      <h3 class="event-teaser__title"><a href="/events/owls">Owl prowl ${"&lt;".repeat(250_000)}</a></h3>
      <time class="event-teaser__start" datetime="2030-03-12">Tue, Mar 12</time>
      <p class="event-teaser__summary">Bring binoculars.${" \t ".repeat(300_000)}${"&amp;".repeat(100_000)}</p>
    </article>`;
    const result = await readHtmlSource(source("audubon"), ctx(fakeFetch(() => html).fetch, { pages: 1 }));
    const [owls] = result.candidates;
    expect(owls?.description).toBe("Bring binoculars.…");
    expect(owls?.title.startsWith("Owl prowl <<<<")).toBe(true);
    expect(owls?.title.endsWith("…")).toBe(true);
    expect(owls?.title.length).toBeLessThanOrEqual(TEXT_MAX.title);
    expect(owls?.externalId).toBe("https://www.audubon.org/events/owls");
  });
});
