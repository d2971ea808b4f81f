import { eq } from "drizzle-orm";
import { zipCodes } from "../../../../db/schema";
import type { Db } from "../../../platform/db";
import { badRequest } from "../../../platform/errors";
import type { Centroid } from "./model";

/**
 * ZIP centroids are reference data (seeded, never written by the Worker), so each isolate keeps the ones
 * it has looked up: a visitor's filters, pages and "show more" all repeat one ZIP, and without the memo
 * every search spends a D1 round trip on it before its own queries can start. Unknown ZIPs are not kept.
 */
const centroids = new Map<string, Centroid>();
const CENTROIDS_KEPT = 5000;

export async function findCentroid(db: Db, zip: string): Promise<Centroid> {
  const known = centroids.get(zip);
  if (known) return known;
  const row = await readCentroid(db, zip);
  if (centroids.size >= CENTROIDS_KEPT) centroids.delete(centroids.keys().next().value as string);
  centroids.set(zip, row);
  return row;
}

async function readCentroid(db: Db, zip: string): Promise<Centroid> {
  const [row] = await db
    .select({ zip: zipCodes.zip, lat: zipCodes.lat, lon: zipCodes.lon, state: zipCodes.state })
    .from(zipCodes)
    .where(eq(zipCodes.zip, zip))
    .limit(1);
  if (!row) throw badRequest(`We couldn't find ZIP code ${zip}. Please check it and try again.`, "unknown_zip");
  return row;
}
