/** Mean Earth radius in statute miles (IUGG). */
export const EARTH_RADIUS_MILES = 3958.7613;

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine): exact enough for any radius we offer. */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRad(lat2 - lat1);
  const dLon = toRad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export type BoundingBox = { minLat: number; maxLat: number; minLon: number; maxLon: number };

/**
 * A lat/lon box that contains every point within `miles` of the centre, for an indexed range
 * prefilter. Longitude degrees shrink towards the poles, so the box widens with latitude (the
 * widest latitude inside the box is used, so no point inside the circle falls outside it).
 */
export function boundingBox(lat: number, lon: number, miles: number): BoundingBox {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const widestCos = Math.cos(toRad(Math.min(89.9, Math.max(Math.abs(minLat), Math.abs(maxLat)))));
  const dLon = Math.min(180, dLat / widestCos);
  return { minLat, maxLat, minLon: Math.max(-180, lon - dLon), maxLon: Math.min(180, lon + dLon) };
}
