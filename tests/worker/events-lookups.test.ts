import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { radiusQuery, timeWindow } from "../../worker/features/events/search";
import { dayInZone, localToUtc } from "../../worker/platform/zoned-time";
import { futureBase, hoursAfter, northOf } from "./events-support";
import { api, db } from "./helpers";
import { createEvent, createZip } from "./support/factories";

describe("GET /api/events/nearest-zip", () => {
  it("finds the ZIP with the nearest centroid", async () => {
    const zip = await createZip();
    const other = await createZip({ ...northOf(zip.lat, zip.lon, 3) });
    const point = northOf(zip.lat, zip.lon, 1);
    const res = await api(`/api/events/nearest-zip?lat=${point.lat}&lon=${point.lon}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ zip: zip.zip, state: zip.state });
    expect(other.zip).not.toBe(zip.zip);
  });

  it("answers 404 far from any ZIP and 400 for bad coordinates", async () => {
    expect((await api("/api/events/nearest-zip?lat=-89.9&lon=0")).status).toBe(404);
    const bad = await api("/api/events/nearest-zip?lat=91&lon=0");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: "lat must be a latitude between -90 and 90" } });
  });
});

describe("GET /api/events/:id.ics", () => {
  it("downloads an approved event as an iCalendar file", async () => {
    const base = futureBase();
    const e = await createEvent({
      title: "Beach Cleanup; Bring Gloves, Please",
      description: "Meet at the pier.\nWe supply bags.",
      startAtUtc: base.toISOString(),
      endAtUtc: hoursAfter(base, 2).toISOString(),
      city: "Portland",
      state: "OR",
    });
    const res = await api(`/api/events/${e.id}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="beach-cleanup-bring-gloves-please.ics"');
    const body = await res.text();
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(body).toContain("BEGIN:VCALENDAR");
    expect(body).toContain(`DTSTART:${stamp(base)}`);
    expect(body).toContain(`DTEND:${stamp(hoursAfter(base, 2))}`);
    expect(body).toContain("SUMMARY:Beach Cleanup\\; Bring Gloves\\, Please");
    expect(body).toContain("\r\n");
  });

  it("writes all-day events as dates and hides unapproved ones", async () => {
    const tz = "America/New_York";
    const day = dayInZone(futureBase(), tz);
    const allDay = await createEvent({
      allDay: true,
      startAtUtc: localToUtc(day, "00:00", tz).toISOString(),
      endAtUtc: localToUtc(nextDay(day), "00:00", tz).toISOString(),
    });
    const body = await (await api(`/api/events/${allDay.id}.ics`)).text();
    expect(body).toContain(`DTSTART;VALUE=DATE:${day.replace(/-/g, "")}`);
    expect(body).toContain(`DTEND;VALUE=DATE:${nextDay(day).replace(/-/g, "")}`);

    const pending = await createEvent({ status: "pending", startAtUtc: futureBase().toISOString() });
    expect((await api(`/api/events/${pending.id}.ics`)).status).toBe(404);
    expect((await api("/api/events/not-an-id.ics")).status).toBe(404);
  });
});

function nextDay(day: string) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe("search query plans", () => {
  const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return rows.results.map((r) => r.detail).join("\n");
  };

  it("reads the radius search through the (lat, lon) index, not a scan of every upcoming event", async () => {
    const w = timeWindow({}, new Date(), "America/Los_Angeles");
    const detail = await plan(
      radiusQuery(db(), { zip: "00000", lat: 45.5, lon: -122.7, state: "OR" }, 25, w, 45, null),
    );
    expect(detail).toContain("USING INDEX events_lat_lon_idx");
    expect(detail).not.toMatch(/SCAN events(?! USING)/);
  });
});
