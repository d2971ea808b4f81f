import { and, between } from "drizzle-orm";
import { zipCodes } from "../../../db/schema";
import type { Db } from "../../platform/db";
import { boundingBox, haversineMiles } from "./geo";

/** Widening search rings in miles: dense cities answer from the first, rural areas from a later one. */
const RINGS = [5, 25, 100] as const;
const MAX_CANDIDATES = 500;

export type NearestZip = { zip: string; city: string; state: string; distance_miles: number };
/** The nearest ZIP with its IANA zone (seed time, from the centroid): where ingestion reads an event's clock. */
export type NearestZipPlace = NearestZip & { timeZone: string | null };

/** The ZIP whose centroid is nearest to a point, with its zone, or null outside the covered area (not the US). */
export async function nearestZipPlace(db: Db, lat: number, lon: number): Promise<NearestZipPlace | null> {
  for (const miles of RINGS) {
    const box = boundingBox(lat, lon, miles);
    const rows = await db
      .select({
        zip: zipCodes.zip,
        city: zipCodes.city,
        state: zipCodes.state,
        lat: zipCodes.lat,
        lon: zipCodes.lon,
        timeZone: zipCodes.timeZone,
      })
      .from(zipCodes)
      .where(and(between(zipCodes.lat, box.minLat, box.maxLat), between(zipCodes.lon, box.minLon, box.maxLon)))
      .limit(MAX_CANDIDATES);
    let best: NearestZipPlace | null = null;
    for (const r of rows) {
      const d = haversineMiles(lat, lon, r.lat, r.lon);
      if (d <= miles && (!best || d < best.distance_miles)) {
        best = {
          zip: r.zip,
          city: r.city,
          state: r.state,
          distance_miles: Math.round(d * 10) / 10,
          timeZone: r.timeZone,
        };
      }
    }
    if (best) return best;
  }
  return null;
}

/** The ZIP whose centroid is nearest to a point, or null outside the covered area (not the US). */
export async function nearestZip(db: Db, lat: number, lon: number): Promise<NearestZip | null> {
  const place = await nearestZipPlace(db, lat, lon);
  return place && { zip: place.zip, city: place.city, state: place.state, distance_miles: place.distance_miles };
}
