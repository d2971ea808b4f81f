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

/** `dLat² + (dLon · cos)² <= degrees²`: a flat-earth circle test in degrees (arithmetic only, so SQL can run it). */
export type FlatCircle = { cos: number; degrees: number };

/**
 * Two flat-earth circles around a centre for a radius, for SQL. `outer` never drops a point the exact
 * (haversine) test keeps: the smallest cosine in the box under-states east-west distances, and 69.0
 * miles per degree (< 69.09) and 1% add margin. `inner` never keeps a point the exact test drops: the
 * largest cosine over-states them, and 69.2 miles per degree and 2% take margin away. Only points
 * between the two need the exact distance to be counted (tests/unit/events-geo.test.ts checks both).
 */
export function flatCircles(lat: number, lon: number, miles: number) {
  const box = boundingBox(lat, lon, miles);
  const smallestCos = Math.cos(toRad(Math.max(Math.abs(box.minLat), Math.abs(box.maxLat))));
  const largestCos =
    box.minLat <= 0 && box.maxLat >= 0 ? 1 : Math.cos(toRad(Math.min(Math.abs(box.minLat), Math.abs(box.maxLat))));
  return {
    box,
    outer: { cos: smallestCos, degrees: (miles * 1.01 + 0.1) / 69.0 } as FlatCircle,
    inner: { cos: largestCos, degrees: Math.max(0, miles * 0.98 - 0.1) / 69.2 } as FlatCircle,
  };
}

/** A longitude's one-degree band, 0–360, as the search's SQL computes it: `cast((lon + 180) as integer)`. */
export const lonBand = (lon: number) => Math.trunc(lon + 180);

/** The bands a range of longitudes spans (decision 176). */
export function lonBands(minLon: number, maxLon: number): number[] {
  const first = lonBand(Math.max(-180, minLon));
  const last = lonBand(Math.min(180, maxLon));
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

/** The flat test in code, as SQL computes it. */
export function inFlatCircle(c: FlatCircle, lat0: number, lon0: number, lat: number, lon: number): boolean {
  const dLat = lat - lat0;
  const dLon = (lon - lon0) * c.cos;
  return dLat * dLat + dLon * dLon <= c.degrees * c.degrees;
}
