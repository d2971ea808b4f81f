import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { codes } from "zipcodes/lib/codes.js";
import { eventPath } from "#contract/events/event-path";
import { dayInZone } from "#contract/platform/zoned-time";
import type { ZipRow } from "../../db/schema";
import { SEED_EVENTS } from "../../db/seed/events";
import { buildSeedStatements } from "../../db/seed/seed-statements";
import { purgePageCache } from "../../worker/features/pages/page-cache";
import { api, config } from "./helpers";
import { checkGoogleEvent } from "./support/google-event-rules";

/** The page's Event JSON-LD, parsed. */
function jsonLd(html: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error("the page has no JSON-LD");
  return JSON.parse(json);
}

type SeededRow = { id: string; title: string; external_id: string; all_day: number; end_at_utc: string | null };

let seeded: SeededRow[] = [];

beforeAll(async () => {
  const zipRows: ZipRow[] = [...new Set(SEED_EVENTS.flatMap((e) => (e.zip ? [e.zip] : [])))].map((zip) => {
    const c = codes[zip];
    if (!c) throw new Error(`ZIP ${zip} missing from the zipcodes package`);
    return { zip: c.zip, lat: c.latitude, lon: c.longitude, city: c.city, state: c.state };
  });
  const statements = buildSeedStatements({ today: dayInZone(new Date(), "America/Los_Angeles"), zipRows });
  await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
  await purgePageCache(env.KV);
  seeded = (
    await env.DB.prepare(
      "SELECT id, title, external_id, all_day, end_at_utc FROM events WHERE source_key = 'seed' AND status = 'approved' ORDER BY external_id",
    ).all<SeededRow>()
  ).results;
});
// Every seeded page is rendered once; a loaded machine makes the first renders slow.
vi.setConfig({ testTimeout: 120_000 });

describe("Google's Event rules (decision 259)", () => {
  it("catch what they are written for: a missing place, a combined address, a relative image, an end before the start", () => {
    const report = checkGoogleEvent({
      "@type": "Event",
      name: "Cleanup",
      startDate: "2030-05-02",
      endDate: "2030-05-01",
      location: {
        "@type": "Place",
        name: "Park",
        address: {
          "@type": "PostalAddress",
          streetAddress: "Portland, OR 97210",
          addressLocality: "Portland",
          addressRegion: "OR",
          postalCode: "97210",
        },
      },
      image: ["/images/x.png"],
      offers: { "@type": "Offer", price: "free" },
      organizer: { "@type": "Organization" },
    });
    expect(report.errors).toEqual(
      expect.arrayContaining([
        "endDate is before startDate",
        'location.address.streetAddress repeats the addressLocality ("Portland, OR 97210")',
        'image is not an absolute URL: "/images/x.png"',
        'offers.price is not a non-negative number: "free"',
        "organizer.name is missing",
      ]),
    );
    expect(checkGoogleEvent({ "@type": "Event", name: "x", startDate: "2030-05-02" }).errors).toContain(
      "location is missing",
    );
    expect(
      checkGoogleEvent({
        "@type": "Event",
        name: "x",
        startDate: "2030-05-02T10:00:00",
        eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
        location: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Portland" } },
      }),
    ).toMatchObject({
      errors: ["an online event needs a VirtualLocation"],
      warnings: expect.arrayContaining(["startDate has a time but no UTC offset", "offers is missing"]),
    });
  });

  it("pass on every seeded event page: nothing required is missing, nor anything recommended that the event has", async () => {
    expect(seeded.length).toBeGreaterThanOrEqual(SEED_EVENTS.filter((e) => e.status !== "pending").length);
    const origin = config().siteOrigin;
    for (const row of seeded) {
      const res = await api(eventPath({ id: row.id, title: row.title }));
      expect(res.status, row.external_id).toBe(200);
      const data = jsonLd(await res.text());
      const report = checkGoogleEvent(data);
      expect({ event: row.external_id, errors: report.errors }).toEqual({ event: row.external_id, errors: [] });
      // Volunteer days have no performers, a park or trailhead often has no street address, and an event whose end
      // its organiser did not give has no endDate: the recommended properties we cannot state truthfully.
      const allowed = ["performer is missing", "location.address.streetAddress is missing"];
      if (row.end_at_utc === null) allowed.push("endDate is missing");
      expect(
        report.warnings.filter((w) => !allowed.includes(w)),
        row.external_id,
      ).toEqual([]);
      // The picture is one of our build's share cards (or the event's own), absolute on our origin.
      expect((data.image as string[])[0]).toMatch(new RegExp(`^${origin}/images/share/[\\w-]+\\.png$`));
    }
  });

  it("give an all-day event its last day as endDate (inclusive) while the .ics keeps DTEND exclusive", async () => {
    const allDay = seeded.find((r) => r.all_day === 1);
    if (!allDay) throw new Error("the seed has no all-day event");
    const data = jsonLd(await (await api(eventPath(allDay))).text());
    expect(data.endDate).toBe(data.startDate);
    const ics = await (await api(`/api/events/${allDay.id}.ics`)).text();
    const start = /DTSTART;VALUE=DATE:(\d{8})/.exec(ics)?.[1];
    const end = /DTEND;VALUE=DATE:(\d{8})/.exec(ics)?.[1];
    expect(start).toBe(String(data.startDate).replace(/-/g, ""));
    expect(Number(end) > Number(start)).toBe(true);
  });

  it("name the organiser, split the address and state the price the seed gives", async () => {
    const forestPark = seeded.find((r) => r.external_id === "seed-001");
    const workshop = seeded.find((r) => r.external_id === "seed-009");
    if (!forestPark || !workshop) throw new Error("seed-001 or seed-009 is missing");
    const data = jsonLd(await (await api(eventPath(forestPark))).text());
    expect(data).toMatchObject({
      location: {
        address: {
          streetAddress: "2960 NW Upshur St",
          addressLocality: "Portland",
          addressRegion: "OR",
          postalCode: "97210",
          addressCountry: "US",
        },
      },
      organizer: { "@type": "Organization", name: "forestparkconservancy.org" },
      offers: { "@type": "Offer", price: 0, priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    const html = await (await api(eventPath(workshop))).text();
    expect(jsonLd(html)).toMatchObject({ offers: { price: 10 } });
    expect((jsonLd(html).location as { address: Record<string, string> }).address.streetAddress).toBeUndefined();
    expect(html).toContain("$10.00");
  });
});
