// Reads the ZIP centroids from the `zipcodes` npm package, never from hand-typed data, and gives each
// its IANA time zone from a time-zone boundary lookup of the centroid (@photostructure/tz-lookup):
// states split between zones (Florida's panhandle, West Texas, Indiana, Kentucky, Tennessee, Idaho,
// Oregon's Malheur County, the Dakotas, Nebraska, Kansas, Arizona's Navajo Nation) come out right,
// which no per-state table can do. Meant for Node (the seeding script, unit tests): the data is
// ~4 MB and has no place in the Worker bundle. Static imports rather than createRequire: Node 22
// gives ESM a CommonJS module's exports, and db/ is type-checked in the Worker program, which has no
// `node:` module types.
import tzLookup from "@photostructure/tz-lookup";
import { codes } from "zipcodes/lib/codes.js";
import type { ZipRow } from "../schema/events.ts";

/** The zone of a point, or null where the lookup has none (it throws on invalid coordinates). */
export function timeZoneAt(lat: number, lon: number): string | null {
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}

/** Every US ZIP with a usable centroid and its time zone, sorted by ZIP (about 42,000 rows). */
export function loadZipRows(): ZipRow[] {
  return Object.values(codes)
    .filter((c) => c.country === "US" && Number.isFinite(c.latitude) && Number.isFinite(c.longitude))
    .map((c) => ({
      zip: c.zip,
      lat: c.latitude,
      lon: c.longitude,
      city: c.city,
      state: c.state,
      timeZone: timeZoneAt(c.latitude, c.longitude),
    }))
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
}
