import { describe, expect, it } from "vitest";
import { RADIUS_OPTIONS } from "#contract/events/constants";
import {
  EARTH_RADIUS_MILES,
  flatCircles,
  haversineMiles,
  inFlatCircle,
  lonBand,
  lonBands,
} from "../../worker/features/events/geo";
import { decodeCursor, encodeCursor } from "../../worker/platform/cursor";
import { AppError } from "../../worker/platform/errors";

/** A seeded generator, so a failure names a case that can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The point `miles` from (lat, lon) along an initial bearing, on the search's sphere. */
function destination(lat: number, lon: number, miles: number, bearingDeg: number) {
  const r = Math.PI / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const b = bearingDeg * r;
  const lat1 = lat * r;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon * r + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / r, lon: lon2 / r };
}

describe("the search's flat circle tests", () => {
  // Centres from the southern tip of the US territories to northern Alaska, both hemispheres.
  it.each(RADIUS_OPTIONS)("never drop a point within %i miles (outer) nor keep one beyond it (inner)", (radius) => {
    const next = random(radius);
    for (let i = 0; i < 20_000; i++) {
      const lat0 = -60 + next() * 131;
      const lon0 = -170 + next() * 340;
      // Half the points close to the circle, where an approximation would err first.
      const miles = next() < 0.5 ? radius * (0.9 + next() * 0.2) : next() * radius * 1.3;
      const p = destination(lat0, lon0, miles, next() * 360);
      const { box, outer, inner } = flatCircles(lat0, lon0, radius);
      const exact = haversineMiles(lat0, lon0, p.lat, p.lon) <= radius;
      const inBox = p.lat >= box.minLat && p.lat <= box.maxLat && p.lon >= box.minLon && p.lon <= box.maxLon;
      // The index reads the box band by band of longitude (decision 176): a point in the box is in one of them.
      const inBand = lonBands(box.minLon, box.maxLon).includes(lonBand(p.lon));
      if (exact)
        expect({ inBox, inBand, outer: inFlatCircle(outer, lat0, lon0, p.lat, p.lon) }).toEqual({
          inBox: true,
          inBand: true,
          outer: true,
        });
      if (inFlatCircle(inner, lat0, lon0, p.lat, p.lon)) expect(exact).toBe(true);
    }
  });

  it.each(RADIUS_OPTIONS)("leave few points within %i miles to the exact distance (the count's ring)", (radius) => {
    const next = random(1000 + radius);
    let ring = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const lat0 = 20 + next() * 45; // the contiguous US and Alaska, where the events are
      const lon0 = -160 + next() * 95;
      const p = destination(lat0, lon0, radius * Math.sqrt(next()), next() * 360); // uniform over the disc
      if (!inFlatCircle(flatCircles(lat0, lon0, radius).inner, lat0, lon0, p.lat, p.lon)) ring++;
    }
    expect(ring / n).toBeLessThan(0.12);
  });
});

describe("bands of longitude", () => {
  it("covers a range of longitudes with the bands SQL puts its points in, and no more", () => {
    expect(lonBands(-122.9, -122.1)).toEqual([57]);
    expect(lonBands(-124.81, -120.57)).toEqual([55, 56, 57, 58, 59]);
    expect(lonBands(-180, -179.5)).toEqual([0]);
    expect(lonBands(179.5, 180)).toEqual([359, 360]);
    expect(lonBands(-200, 200)).toHaveLength(361);
    expect([-180, -122.00000000000001, -122, 0, 179.99, 180].map(lonBand)).toEqual([0, 57, 58, 180, 359, 360]);
  });
});

describe("keyset cursors", () => {
  const read = (t: unknown[]) => (t.length === 2 && typeof t[0] === "string" ? t : null);

  it("round-trips a tuple as URL-safe text", () => {
    const tuple = ["2027-01-01T10:00:00.000Z", 12.345678901234567, null, "a/b+c"];
    const cursor = encodeCursor(tuple);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, (t) => t)).toEqual(tuple);
  });

  it.each(["", "not base64!", btoa("{}"), btoa("[1,2,3]"), btoa("not json"), encodeCursor([1, "x"])])(
    "answers 400 invalid_cursor for %j",
    (value) => {
      let error: unknown;
      try {
        decodeCursor(value, read);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, code: "invalid_cursor", message: "Invalid cursor." });
    },
  );
});
