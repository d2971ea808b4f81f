import { and, eq, inArray, or } from "drizzle-orm";
import { zip5 } from "#contract/platform/field-rules";
import { zipCodes } from "../../../db/schema";
import type { Db } from "../../platform/db";

/** A ZIP's centroid and its IANA zone (null where the seed's boundary lookup had none). */
export type Place = { lat: number; lon: number; city: string; state: string; zip: string; timeZone: string | null };

/** D1 allows 100 bound parameters per statement. */
const MAX_PARAMS = 90;

/** City names as people write them vs. the ZIP table's capitalisation ("st. paul" → "St. Paul"). */
export function titleCase(city: string): string {
  return city
    .trim()
    .toLowerCase()
    .replace(/(^|[\s\-.'])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

export const cityKey = (city: string, state: string) => `${city.trim().toLowerCase()}|${state.trim().toUpperCase()}`;

/** Centroids for many ZIPs at once (chunked under D1's parameter limit). */
export async function placesByZip(
  db: Db,
  postalCodes: Iterable<string | null | undefined>,
): Promise<Map<string, Place>> {
  const zips = [...new Set([...postalCodes].map(zip5).filter((z): z is string => Boolean(z)))];
  const out = new Map<string, Place>();
  for (let i = 0; i < zips.length; i += MAX_PARAMS) {
    const rows = await db
      .select()
      .from(zipCodes)
      .where(inArray(zipCodes.zip, zips.slice(i, i + MAX_PARAMS)));
    for (const r of rows) out.set(r.zip, r);
  }
  return out;
}

/**
 * A city's location: the first ZIP of that city and state (the table has one row per ZIP).
 * Matches the name as written and title-cased, so both "portland" and "Portland" are found.
 */
export async function placesByCity(
  db: Db,
  pairs: Iterable<{ city: string; state: string }>,
): Promise<Map<string, Place>> {
  const wanted = new Map<string, { city: string; state: string }>();
  for (const p of pairs) if (p.city.trim() && p.state.trim()) wanted.set(cityKey(p.city, p.state), p);
  const out = new Map<string, Place>();
  const list = [...wanted.values()];
  // Each pair binds at most three values (two spellings and the state).
  const perStatement = Math.floor(MAX_PARAMS / 3);
  for (let i = 0; i < list.length; i += perStatement) {
    const slice = list.slice(i, i + perStatement);
    const rows = await db
      .select()
      .from(zipCodes)
      .where(
        or(
          ...slice.map((p) =>
            and(
              inArray(zipCodes.city, [...new Set([p.city.trim(), titleCase(p.city)])]),
              eq(zipCodes.state, p.state.trim().toUpperCase()),
            ),
          ),
        ),
      )
      .orderBy(zipCodes.zip);
    for (const r of rows) {
      const key = cityKey(r.city, r.state);
      if (!out.has(key)) out.set(key, r);
    }
  }
  return out;
}

/** Postal code first, else city + state (ARCHITECTURE.md §8). */
export async function geocodeOne(
  db: Db,
  where: { postalCode?: string | null; city?: string | null; state?: string | null },
): Promise<Place | null> {
  const zip = zip5(where.postalCode);
  if (zip) {
    const hit = (await placesByZip(db, [zip])).get(zip);
    if (hit) return hit;
  }
  if (where.city && where.state) {
    return (
      (await placesByCity(db, [{ city: where.city, state: where.state }])).get(cityKey(where.city, where.state)) ?? null
    );
  }
  return null;
}

export { zip5 };
