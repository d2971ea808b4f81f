import { EARTH_RADIUS_MILES } from "../../worker/features/events/geo";

const rand = (min: number, max: number) => min + Math.random() * (max - min);

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

export type SearchBody = { events: import("#contract/events/schemas").EventResult[] };
