// Reads the ZIP centroids from the `zipcodes` npm package, never from hand-typed data. Meant for
// Node (the seeding script, unit tests): the data is ~4 MB and has no place in the Worker bundle.
// A static import rather than createRequire: Node 22 gives ESM a CommonJS module's named exports,
// and db/ is type-checked in the Worker program, which has no `node:` module types.
import { codes } from "zipcodes/lib/codes.js";
import type { ZipRow } from "../schema/events.ts";

/** Every US ZIP with a usable centroid, sorted by ZIP (about 42,000 rows). */
export function loadZipRows(): ZipRow[] {
  return Object.values(codes)
    .filter((c) => c.country === "US" && Number.isFinite(c.latitude) && Number.isFinite(c.longitude))
    .map((c) => ({ zip: c.zip, lat: c.latitude, lon: c.longitude, city: c.city, state: c.state }))
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
}
