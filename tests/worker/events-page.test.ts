import { env } from "cloudflare:workers";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eventPath } from "#contract/events/event-path";
import type { EventPage, EventsAnswer } from "#contract/events/schemas";
import { events, zipCodes } from "../../db/schema";
import { purgePageCache } from "../../worker/features/pages/page-cache";
import { api, config, db } from "./helpers";

type Row = typeof events.$inferInsert;

const ZIP = {
  zip: "97212",
  lat: 45.544,
  lon: -122.644,
  city: "Portland",
  state: "OR",
  timeZone: "America/Los_Angeles",
};
/** Far enough ahead that no other test's events share its window. */
const day = (n: number) => new Date(Date.UTC(2031, 6, 1 + n, 16, 0)).toISOString();

async function insertEvent(values: Partial<Row>): Promise<typeof events.$inferSelect> {
  const [row] = await db()
    .insert(events)
    .values({
      sourceKey: "heal-the-bay",
      externalId: crypto.randomUUID(),
      title: "Willamette riverbank cleanup",
      description: "Gloves and bags provided.\nMeet at the boat ramp.",
      venueName: "Cathedral Park",
      address: "N Edison St, Portland, OR 97203",
      category: "cleanup",
      city: "Portland",
      state: "OR",
      postalCode: "97212",
      lat: 45.587,
      lon: -122.757,
      startAtUtc: day(0),
      endAtUtc: new Date(new Date(day(0)).getTime() + 3 * 3_600_000).toISOString(),
      timeZone: "America/Los_Angeles",
      registrationUrl: "https://healthebay.org/register/123",
      imageUrl: "https://images.example/cleanup.jpg",
      status: "approved",
      ...values,
    })
    .returning();
  if (!row) throw new Error("no event inserted");
  return row;
}

/** The page's Event JSON-LD, parsed. */
function jsonLd(html: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error("the page has no JSON-LD");
  return JSON.parse(json);
}

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

beforeAll(async () => {
  await db().insert(zipCodes).values(ZIP).onConflictDoNothing();
});
beforeEach(() => purgePageCache(env.KV));
// The first render of a page in a fresh isolate loads its code; a loaded machine makes that slow.
vi.setConfig({ testTimeout: 30_000 });

describe("an event's own page (decision 202)", () => {
  it("arrives with the title as h1, when, where with a map link, organizer, register, calendar, source and nearby", async () => {
    // Ten days before the other tests' events here, so the nearby list (soonest first) has room for `near`
    // whichever of them ran before this one.
    const start = day(-10);
    const event = await insertEvent({
      startAtUtc: start,
      endAtUtc: new Date(Date.parse(start) + 3 * 3_600_000).toISOString(),
    });
    const near = await insertEvent({ title: "Forest Park ivy pull", startAtUtc: day(-9), endAtUtc: null });
    const res = await api(eventPath(event));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>Willamette riverbank cleanup<\/h1>/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    // June in Portland: the event's own clock, PDT.
    expect(html).toContain("Jun 21, 9:00 AM – 12:00 PM PDT");
    expect(html).toContain("https://www.openstreetmap.org/?mlat=45.587&amp;mlon=-122.757");
    expect(html).toContain("Heal the Bay");
    expect(html).toContain('href="https://healthebay.org/register/123"');
    expect(html).toContain(`href="/api/events/${event.id}.ics"`);
    expect(html).toContain("Last confirmed");
    expect(html).toContain(`href="${eventPath(near)}"`);
    // Plain text: the line break is kept as text, no markup is made of it.
    expect(html).toContain("Gloves and bags provided.\nMeet at the boat ramp.");
  });

  it("carries Event JSON-LD with Google's properties, offsets in the event's zone, a canonical link and an OpenGraph card", async () => {
    const event = await insertEvent({ title: "Marsh </script><script>alert(1)</script> walk" });
    const html = await (await api(eventPath(event))).text();
    const data = jsonLd(html);
    const url = `${config().siteOrigin}${eventPath(event)}`;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: event.title,
      startDate: "2031-07-01T09:00:00-07:00",
      endDate: "2031-07-01T12:00:00-07:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "Cathedral Park",
        address: { "@type": "PostalAddress", addressLocality: "Portland", addressRegion: "OR", postalCode: "97212" },
      },
      organizer: { "@type": "Organization", name: "Heal the Bay", url: "https://healthebay.org" },
      description: event.description,
      image: ["https://images.example/cleanup.jpg"],
      url,
    });
    // The title cannot close the JSON-LD script early.
    const script = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
    expect(script).not.toContain("<");
    expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(url);
    expect(attr(html, /<meta property="og:url" content="([^"]+)"/)).toBe(url);
    expect(attr(html, /<meta property="og:title" content="([^"]+)"/)).toContain("Marsh");
    expect(attr(html, /<meta property="og:image" content="([^"]+)"/)).toBe("https://images.example/cleanup.jpg");
    expect(attr(html, /<title>([^<]+)<\/title>/)).toContain("walk · Earthkind");
  });

  it("marks an online event with a VirtualLocation and a cancelled one as EventCancelled", async () => {
    const online = await insertEvent({ isVirtual: true, timeZone: null, lat: null, lon: null, title: "Webinar" });
    expect(jsonLd(await (await api(eventPath(online))).text())).toMatchObject({
      startDate: "2031-07-01T16:00:00+00:00",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: "https://healthebay.org/register/123" },
    });
    const cancelled = await insertEvent({ status: "cancelled", title: "Called off" });
    const html = await (await api(eventPath(cancelled))).text();
    expect(jsonLd(html)).toMatchObject({ eventStatus: "https://schema.org/EventCancelled" });
    expect(html).toContain("Cancelled");
  });

  it("answers 404 for unknown ids, malformed paths and unlisted events; an old slug moves to the current one", async () => {
    expect((await api(`/events/${crypto.randomUUID()}-nothing`)).status).toBe(404);
    expect((await api("/events/not-an-id")).status).toBe(404);
    const pending = await insertEvent({ status: "pending" });
    expect((await api(eventPath(pending))).status).toBe(404);
    expect((await api(`/api/events/${pending.id}/page`)).status).toBe(404);

    const event = await insertEvent({});
    const moved = await api(`/events/${event.id}-an-old-title`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("Location") ?? "", config().siteOrigin).pathname).toBe(eventPath(event));
  });

  it("is cached at the edge for anonymous visitors, and the browser's cache equals the API's answer", async () => {
    const event = await insertEvent({});
    const first = await api(eventPath(event));
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(first.headers.get("Cache-Control")).toBe("no-cache");
    const html = await first.text();
    const state = JSON.parse(/id="ek-state">(.*?)<\/script>/s.exec(html)?.[1] ?? "null");
    const cached = state.queries.queries.find(
      (q: { queryKey: unknown[] }) => JSON.stringify(q.queryKey) === JSON.stringify(["events", "page", event.id]),
    )?.state.data;
    expect(cached).toEqual(await (await api(`/api/events/${event.id}/page`)).json());
    await vi.waitFor(async () => expect((await api(eventPath(event))).headers.get("X-Page-Cache")).toBe("hit"), {
      timeout: 1_000,
      interval: 20,
    });
  });
});

describe("GET /api/events and GET /api/events/:id/page", () => {
  it("give each event its page's absolute url", async () => {
    const event = await insertEvent({ startAtUtc: day(2), endAtUtc: null });
    const res = await api(`/api/events?zip=97212&start=${day(2).slice(0, 10)}&end=${day(2).slice(0, 10)}`);
    const body = (await res.json()) as EventsAnswer;
    const found = body.events.find((e) => e.id === event.id);
    expect(found?.url).toBe(`${config().siteOrigin}${eventPath(event)}`);

    const page = (await (await api(`/api/events/${event.id}/page`)).json()) as { event: EventPage };
    expect(page.event).toMatchObject({ id: event.id, url: found?.url, cancelled: false });
    expect(page.event.source.name).toBe("Heal the Bay");
    expect(page.event.last_confirmed).toBe(event.updatedAt);
  });
});

describe("the organiser and calendar links of an event's page (decision 233)", () => {
  const pageOf = async (id: string) =>
    ((await (await api(`/api/events/${id}/page`)).json()) as { event: EventPage }).event;

  it("names the organiser from the feed's own organiser, the source, else the Register link's site", async () => {
    const named = await insertEvent({ organizerName: "Friends of Cathedral Park" });
    expect((await pageOf(named.id)).organizer).toEqual({
      name: "Friends of Cathedral Park",
      url: "https://healthebay.org",
    });
    // A registered source is the organisation.
    expect((await pageOf((await insertEvent({})).id)).organizer).toEqual({
      name: "Heal the Bay",
      url: "https://healthebay.org",
    });
    // The seed's samples (and unknown sources): the site the Register button goes to, never "Earthkind".
    const seeded = await pageOf(
      (await insertEvent({ sourceKey: "seed", registrationUrl: "https://www.forestparkconservancy.org/volunteer/" }))
        .id,
    );
    expect(seeded.organizer).toEqual({
      name: "forestparkconservancy.org",
      url: "https://www.forestparkconservancy.org",
    });
    expect(seeded.source).toEqual({ name: "Listed by Earthkind", url: null });
    const nothing = await pageOf((await insertEvent({ sourceKey: "seed", registrationUrl: null })).id);
    expect(nothing.organizer).toBeNull();

    const html = await (await api(eventPath(named))).text();
    expect(html).toContain("Friends of Cathedral Park");
    expect(html).toMatch(/Register<!-- --> with Friends of Cathedral Park|Register with Friends of Cathedral Park/);
  });

  it("offers Google Calendar and Outlook links, filled in, beside the .ics file", async () => {
    const event = await insertEvent({});
    const { calendar, url } = await pageOf(event.id);
    const google = new URL(calendar.google);
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(google.searchParams)).toEqual({
      action: "TEMPLATE",
      text: "Willamette riverbank cleanup",
      dates: "20310701T160000Z/20310701T190000Z",
      details: `Gloves and bags provided.\nMeet at the boat ramp.\n\nDetails: ${url}`,
      location: "Cathedral Park, N Edison St, Portland, OR 97203",
    });
    const outlook = new URL(calendar.outlook);
    expect(outlook.origin + outlook.pathname).toBe("https://outlook.live.com/calendar/0/deeplink/compose");
    expect(Object.fromEntries(outlook.searchParams)).toMatchObject({
      rru: "addevent",
      subject: "Willamette riverbank cleanup",
      startdt: "2031-07-01T16:00:00Z",
      enddt: "2031-07-01T19:00:00Z",
      allday: "false",
    });
    // All day: whole dates, the end exclusive; no end time: an hour.
    const allDay = await pageOf(
      (
        await insertEvent({
          allDay: true,
          startAtUtc: "2031-07-05T07:00:00.000Z",
          endAtUtc: "2031-07-06T07:00:00.000Z",
        })
      ).id,
    );
    expect(new URL(allDay.calendar.google).searchParams.get("dates")).toBe("20310705/20310706");
    expect(new URL(allDay.calendar.outlook).searchParams.get("allday")).toBe("true");
    const open = await pageOf((await insertEvent({ endAtUtc: null, endTimeUnknown: true })).id);
    expect(new URL(open.calendar.google).searchParams.get("dates")).toBe("20310701T160000Z/20310701T170000Z");

    const html = await (await api(eventPath(event))).text();
    expect(html).toContain('href="https://calendar.google.com/calendar/render?action=TEMPLATE');
    expect(html).toContain('href="https://outlook.live.com/calendar/0/deeplink/compose?');
    expect(html).toContain(`href="/api/events/${event.id}.ics"`);
  });
});

describe("/events with a search in its query string (decision 203)", () => {
  it("arrives with the results, and the browser's cache holds the API's first page under the page's key", async () => {
    const title = `Tryon Creek trail day ${crypto.randomUUID().slice(0, 8)}`;
    const event = await insertEvent({ title, startAtUtc: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    const res = await api("/events?zip=97212&when=month&category=cleanup");
    expect(res.status).toBe(200);
    const html = await res.text();
    // The result is in the rendered page, linked to its own page: no second request needed to see it.
    const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('id="ek-state"'));
    expect(root).toContain(title);
    expect(root).toContain(`href="${eventPath(event)}"`);
    // The same title and description the page sets after load (web/pages/events.page.ts).
    expect(html).toContain("<title>Local Conservation Events · Earthkind</title>");
    const state = JSON.parse(/id="ek-state">(.*?)<\/script>/s.exec(html)?.[1] ?? "null");
    const key = [
      "events",
      "search-pages",
      { zip: "97212", radius: 25, frame: "month", category: "cleanup", limit: 20 },
    ];
    const cached = state.queries.queries.find(
      (q: { queryKey: unknown[] }) => JSON.stringify(q.queryKey) === JSON.stringify(key),
    )?.state.data as { pages: EventsAnswer[] };
    expect(cached.pages).toHaveLength(1);
    expect(cached.pages[0]?.events.map((e) => e.id)).toContain(event.id);
  });

  it("is cached per search, one entry however the query string is spelled", async () => {
    await insertEvent({ startAtUtc: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await api("/events?zip=97212&radius=50")).headers.get("X-Page-Cache")).toBe("miss");
    await vi.waitFor(
      async () =>
        expect((await api("/events?radius=50&utm_source=x&zip=97212")).headers.get("X-Page-Cache")).toBe("hit"),
      { timeout: 1_000, interval: 20 },
    );
    expect((await api("/events?zip=97212&radius=10")).headers.get("X-Page-Cache")).toBe("miss");
  });

  it("shows the prompt without a ZIP, and leaves an unknown ZIP's error to the browser", async () => {
    const prompt = await (await api("/events")).text();
    expect(prompt).toContain("Enter your location");
    const unknown = await api("/events?zip=00000");
    expect(unknown.status).toBe(200);
    const state = JSON.parse(/id="ek-state">(.*?)<\/script>/s.exec(await unknown.text())?.[1] ?? "null");
    expect(state.queries.queries.filter((q: { queryKey: unknown[] }) => q.queryKey[1] === "search-pages")).toEqual([]);
  });
});
