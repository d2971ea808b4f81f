import { eventSubmissions, events, zipCodes } from "../../db/schema";
import { EARTH_RADIUS_MILES } from "../../worker/features/events/geo";
import { db } from "./helpers";

let n = 0;
const rand = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * A ZIP row at a random place, so each test searches its own patch of the map: rows other tests
 * create are thousands of miles away. The state code is made up for the same reason.
 */
export async function createZip(
  opts: { lat?: number; lon?: number; state?: string; city?: string; timeZone?: string } = {},
) {
  const row = {
    zip: String(Math.floor(rand(10_000, 99_999))),
    lat: opts.lat ?? rand(-55, 65),
    lon: opts.lon ?? rand(-170, 170),
    city: opts.city ?? `Testville ${++n}-${Math.floor(rand(0, 1e6))}`,
    state: opts.state ?? uniqueState(),
    timeZone: opts.timeZone ?? null,
  };
  await db()
    .insert(zipCodes)
    .values(row)
    .onConflictDoUpdate({
      target: zipCodes.zip,
      set: { lat: row.lat, lon: row.lon, city: row.city, state: row.state, timeZone: row.timeZone },
    });
  return row;
}

/** Not a real state, unique enough per test: statewide fallbacks only see this test's events. */
export const uniqueState = () => `Z${String.fromCharCode(65 + (++n % 26))}${Math.floor(rand(0, 1e6))}`;

/** The point `miles` north of (lat, lon) on the sphere the search uses. */
export const northOf = (lat: number, lon: number, miles: number) => ({
  lat: lat + (miles / EARTH_RADIUS_MILES) * (180 / Math.PI),
  lon,
});

/** The point `miles` from (lat, lon) along an initial bearing (degrees), on the search's sphere. */
export function destination(lat: number, lon: number, miles: number, bearingDeg: number) {
  const r = Math.PI / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const b = bearingDeg * r;
  const lat1 = lat * r;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon * r + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / r, lon: lon2 / r };
}

/** A random instant far enough ahead (days) that only this test's events share its window. */
export const futureBase = () =>
  new Date(Date.now() + Math.floor(rand(60, 3000)) * 86_400_000 + Math.floor(rand(0, 86_400_000)));

export const hoursAfter = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);

type EventInsert = typeof events.$inferInsert;

export async function createEvent(overrides: Partial<EventInsert> & { startAtUtc: string }) {
  const row: EventInsert = {
    sourceKey: "test",
    externalId: `test-${Date.now()}-${++n}-${Math.random()}`,
    title: `Test event ${n}`,
    description: "A test event",
    venueName: "Test venue",
    category: "cleanup",
    city: "Testville",
    state: "ZZ",
    lat: 0,
    lon: 0,
    status: "approved",
    registrationUrl: "https://example.org/register",
    ...overrides,
  };
  const [created] = await db().insert(events).values(row).returning();
  if (!created) throw new Error("event insert failed");
  return created;
}

export async function createSubmission(overrides: Partial<typeof eventSubmissions.$inferInsert> = {}) {
  const [row] = await db()
    .insert(eventSubmissions)
    .values({
      title: `Submitted event ${++n}`,
      category: "cleanup",
      startTime: futureBase().toISOString(),
      city: "Portland",
      state: "OR",
      organizerName: "Organizer",
      organizerEmail: `organizer-${n}@example.org`,
      registrationUrl: "https://example.org/register",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("submission insert failed");
  return row;
}

export type SearchBody = { events: import("../../worker/features/events/schemas").EventResult[] };
