import { parseDocument } from "htmlparser2";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { futureBase, hoursAfter, northOf } from "./events-support";
import { api, config } from "./helpers";
import { createEvent, createZip } from "./support/factories";

/** JSON Feed 1.1's rules (jsonfeed.org/version/1.1), written here from the spec, not from our schema. */
const jsonFeedSpec = z.object({
  version: z.literal("https://jsonfeed.org/version/1.1"),
  title: z.string().min(1),
  home_page_url: z.url().optional(),
  feed_url: z.url().optional(),
  items: z.array(
    z
      .object({
        id: z.string().min(1),
        url: z.url().optional(),
        external_url: z.url().optional(),
        title: z.string().optional(),
        content_text: z.string().optional(),
        content_html: z.string().optional(),
        image: z.url().optional(),
        date_published: z.iso.datetime({ offset: true }).optional(),
        tags: z.array(z.string()).optional(),
      })
      .catchall(z.unknown())
      .refine((i) => i.content_text !== undefined || i.content_html !== undefined, "an item needs content")
      .refine((i) => Object.keys(i).every((k) => /^[a-z_]+$/.test(k)), "extension keys start with _"),
  ),
});

/** OSDI's Event and collection (opensupporter.github.io/osdi-docs/events.html), from the spec's field tables. */
const osdiEventSpec = z.object({
  identifiers: z.array(z.string().regex(/^[\w-]+:.+$/)).min(1),
  title: z.string(),
  description: z.string().optional(),
  browser_url: z.url(),
  type: z.enum(["open", "ticketed"]).optional(),
  status: z.enum(["confirmed", "tentative", "cancelled"]),
  start_date: z.iso.datetime({ offset: true }),
  end_date: z.iso.datetime({ offset: true }).optional(),
  created_date: z.iso.datetime({ offset: true }),
  modified_date: z.iso.datetime({ offset: true }),
  all_day: z.boolean().optional(),
  location: z
    .object({
      venue: z.string().optional(),
      address_lines: z.array(z.string()).optional(),
      locality: z.string().optional(),
      region: z.string().length(2).optional(),
      postal_code: z.string().optional(),
      country: z.string().length(2).optional(),
      location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
    })
    .optional(),
  _links: z.object({ self: z.object({ href: z.url() }) }),
});
const osdiPageSpec = z.object({
  total_pages: z.number().int(),
  per_page: z.number().int(),
  page: z.number().int(),
  total_records: z.number().int(),
  _links: z.object({
    self: z.object({ href: z.url() }),
    next: z.object({ href: z.url() }).optional(),
    prev: z.object({ href: z.url() }).optional(),
    "osdi:events": z.array(z.object({ href: z.url() })),
  }),
  _embedded: z.object({ "osdi:events": z.array(osdiEventSpec) }),
});

const ORIGIN = "https://partner.example";
const base = futureBase();
let zip: Awaited<ReturnType<typeof createZip>>;
let inWyoming: Awaited<ReturnType<typeof createEvent>>;
let elsewhere: Awaited<ReturnType<typeof createEvent>>;
let online: Awaited<ReturnType<typeof createEvent>>;

beforeAll(async () => {
  zip = await createZip({ state: "WY", lat: 43.0, lon: -108.0, timeZone: "America/Denver" });
  inWyoming = await createEvent({
    ...northOf(zip.lat, zip.lon, 2),
    state: "WY",
    city: "Riverton",
    postalCode: zip.zip,
    address: "1 Main St",
    title: "Wind River <cleanup> & picnic",
    timeZone: "America/Denver",
    priceCents: 0,
    startAtUtc: base.toISOString(),
    endAtUtc: hoursAfter(base, 3).toISOString(),
  });
  elsewhere = await createEvent({
    lat: 44.5,
    lon: -89.5,
    state: "WI",
    title: "Wisconsin prairie burn prep",
    priceCents: 1500,
    startAtUtc: hoursAfter(base, 1).toISOString(),
  });
  online = await createEvent({
    isVirtual: true,
    lat: null,
    lon: null,
    state: null,
    title: "Online watershed talk",
    startAtUtc: hoursAfter(base, 2).toISOString(),
  });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  api(path, { headers: { Origin: ORIGIN, ...headers } });

describe("open event data: CORS (decision 261)", () => {
  it.each(["/api/events", "/api/events/feed.json", "/api/events/feed.ics", "/api/osdi/v1/events"])(
    "GET %s answers any origin, without credentials",
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
      expect(res.headers.get("Set-Cookie")).toBeNull();
    },
  );

  it.each(["/api/events", "/api/events/feed.rss", "/api/osdi/v1/events"])(
    "answers a preflight for %s with the methods and headers a reader may use",
    async (path) => {
      const res = await api(path, {
        method: "OPTIONS",
        headers: { Origin: ORIGIN, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "accept" },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(res.headers.get("Access-Control-Allow-Methods")).toBe("GET, HEAD, OPTIONS");
      expect(res.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("accept");
      expect(res.headers.get("Access-Control-Max-Age")).toBe("86400");
      expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    },
  );

  it("does not open the submission form to other origins", async () => {
    const res = await api("/api/event-submissions", { method: "OPTIONS", headers: { Origin: ORIGIN } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("feeds for a ZIP radius, a state and the whole country", () => {
  const uids = (text: string) =>
    new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents("vevent")
      .map((v) => String(v.getFirstPropertyValue("uid")).split("@")[0]);

  it("the calendar feed: a state's events, the country's, and online ones when asked; ical.js reads each", async () => {
    const state = await get("/api/events/feed.ics?state=wy");
    expect(state.status).toBe(200);
    const text = await state.text();
    expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue("x-wr-calname")).toBe("Earthkind events in WY");
    expect(uids(text)).toEqual([inWyoming.id]);
    const country = uids(await (await get("/api/events/feed.ics?include_online=true")).text());
    expect(country).toEqual(expect.arrayContaining([inWyoming.id, elsewhere.id, online.id]));
    expect(uids(await (await get(`/api/events/feed.ics?zip=${zip.zip}&radius=5`)).text())).toEqual([inWyoming.id]);
  });

  it.each([
    ["zip=12345&state=OR", "Give a ZIP code or a state, not both"],
    ["state=ZZ", "state must be a US state's two-letter code, such as OR"],
  ])("refuses %s with a 400", async (query, message) => {
    const res = await get(`/api/events/feed.json?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message } });
  });

  it("the JSON Feed follows JSON Feed 1.1 and carries each event's facts", async () => {
    const res = await get("/api/events/feed.json?state=WY");
    expect(res.headers.get("Content-Type")).toBe("application/feed+json; charset=utf-8");
    const feed = jsonFeedSpec.parse(await res.json());
    expect(feed.title).toBe("Earthkind events in WY");
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({
      title: "Wind River <cleanup> & picnic",
      url: expect.stringContaining(`/events/${inWyoming.id}-`),
      _event: { start_time: inWyoming.startAtUtc, state: "WY", is_virtual: false, cancelled: false },
    });
    expect(feed.items[0]?.content_text).toContain("Where: Test venue, 1 Main St, Riverton, WY");
  });

  it("the RSS feed parses as XML with escaped text and permalink guids", async () => {
    const res = await get("/api/events/feed.rss");
    expect(res.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("Wind River &lt;cleanup&gt; &amp; picnic");
    const doc = parseDocument(text, { xmlMode: true });
    const rss = doc.children.find((n) => "name" in n && n.name === "rss");
    if (!rss || !("children" in rss)) throw new Error("no <rss> element");
    const channel = rss.children.find((n) => "name" in n && n.name === "channel");
    if (!channel || !("children" in channel)) throw new Error("no <channel>");
    const items = channel.children.filter((n) => "name" in n && n.name === "item");
    const textOf = (el: unknown, name: string): string => {
      const child = (el as { children: { name?: string; children?: { data?: string }[] }[] }).children.find(
        (c) => c.name === name,
      );
      return child?.children?.map((c) => c.data ?? "").join("") ?? "";
    };
    const titles = items.map((i) => textOf(i, "title"));
    // The parser decodes the escaped text back to the title.
    expect(titles).toEqual(expect.arrayContaining([inWyoming.title, elsewhere.title]));
    for (const item of items) expect(textOf(item, "guid")).toBe(textOf(item, "link"));
    expect(textOf(channel, "title")).toBe("Earthkind events across the US");
  });

  it("is cached at the edge: the second read is a hit, with the same body", async () => {
    const first = await get("/api/events/feed.json?state=WI");
    const body = await first.text();
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const second = await get("/api/events/feed.json?state=WI");
    expect(second.headers.get("X-Edge-Cache")).toBe("hit");
    expect(await second.text()).toBe(body);
  });
});

describe("GET /api/osdi/v1/events", () => {
  it("answers HAL+JSON pages with next, prev and self links and OSDI's event fields", async () => {
    const first = await get("/api/osdi/v1/events?per_page=1");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/hal+json");
    const page1 = osdiPageSpec.parse(await first.json());
    expect(page1).toMatchObject({ page: 1, per_page: 1, total_records: 3, total_pages: 3 });
    expect(page1._links.prev).toBeUndefined();
    const origin = config().siteOrigin;
    expect(page1._links.next?.href).toBe(`${origin}/api/osdi/v1/events?page=2&per_page=1`);
    const [event] = page1._embedded["osdi:events"];
    expect(event).toMatchObject({
      identifiers: [`earthkind:${inWyoming.id}`],
      title: inWyoming.title,
      status: "confirmed",
      type: "open",
      location: { address_lines: ["1 Main St"], locality: "Riverton", region: "WY", postal_code: zip.zip },
    });

    const page2 = osdiPageSpec.parse(await (await get("/api/osdi/v1/events?page=2&per_page=1")).json());
    expect(page2._links.prev?.href).toBe(`${origin}/api/osdi/v1/events?page=1&per_page=1`);
    expect(page2._embedded["osdi:events"][0]).toMatchObject({
      identifiers: [`earthkind:${elsewhere.id}`],
      type: "ticketed",
    });
    const page3 = osdiPageSpec.parse(await (await get("/api/osdi/v1/events?page=3&per_page=1")).json());
    expect(page3._links.next).toBeUndefined();
    expect(page3._embedded["osdi:events"][0]?.location).toBeUndefined();

    const self = await get(new URL(event?._links.self.href ?? "").pathname);
    expect(osdiEventSpec.parse(await self.json())).toMatchObject({ title: inWyoming.title });
  });

  it.each(["per_page=0", "per_page=101", "page=0", "page=abc", "page=200&per_page=100"])(
    "refuses %s with a 400",
    async (query) => {
      expect((await get(`/api/osdi/v1/events?${query}`)).status).toBe(400);
    },
  );

  it("answers 404 for an unknown event", async () => {
    expect((await get("/api/osdi/v1/events/no-such-id")).status).toBe(404);
  });
});

describe("the per-client limit on event data", () => {
  it("refuses a client after 120 reads a minute with 429, Retry-After and CORS, while others read on", async () => {
    const ip = { "CF-Connecting-IP": "203.0.113.77" };
    let refused: Response | null = null;
    for (let i = 0; i < 125 && !refused; i++) {
      const res = await get("/api/osdi/v1/events", ip);
      if (res.status === 429) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("Retry-After")).toBe("60");
    expect(refused?.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect((await get("/api/osdi/v1/events", { "CF-Connecting-IP": "203.0.113.78" })).status).toBe(200);
  });
});

describe("the API document", () => {
  it("lists the open data operations with named schemas for their answers", async () => {
    const doc = (await (await api("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const path of [
      "/api/events/feed.json",
      "/api/events/feed.rss",
      "/api/osdi/v1/events",
      "/api/osdi/v1/events/{id}",
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
      expect(doc.paths[path]?.get?.responses["429"], path).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["JsonFeed", "JsonFeedItem", "OsdiEvent", "OsdiEventsPage", "OsdiLocation"]),
    );
    expect(doc.paths["/api/osdi/v1/events"]?.get?.responses["200"]?.content).toMatchObject({
      "application/hal+json": { schema: { $ref: "#/components/schemas/OsdiEventsPage" } },
    });
  });
});

describe("GET /embed/events.js, the partner sites' list (decision 262)", () => {
  it("is a small script any page may load, that sets no cookie and reads the events without credentials", async () => {
    const res = await get("/embed/events.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    const script = await res.text();
    expect(new TextEncoder().encode(script).length).toBeLessThan(5 * 1024);
    expect(script).toContain('credentials: "omit"');
    for (const attribute of ["d.zip", "d.radius", "d.theme", "d.accent", "d.limit"])
      expect(script).toContain(attribute);
    // Text only: nothing a feed wrote is parsed as markup.
    expect(script).not.toContain("innerHTML");
    // The data it reads is open to partner pages too.
    expect((await get("/api/events?limit=5")).headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
  });
});
