import { addDays, dayInZone } from "#contract/platform/zoned-time";

/** Real places near the seeded clusters, so fixture events show up in local searches. */
export type FixturePlace = { venue: string; street: string; city: string; state: string; zip: string; zone: string };

export const PLACES: Record<string, FixturePlace> = {
  sf: {
    venue: "Ocean Beach",
    street: "Great Hwy",
    city: "San Francisco",
    state: "CA",
    zip: "94121",
    zone: "America/Los_Angeles",
  },
  mission: {
    venue: "Dolores Park",
    street: "19th St & Dolores St",
    city: "San Francisco",
    state: "CA",
    zip: "94114",
    zone: "America/Los_Angeles",
  },
  oakland: {
    venue: "MLK Jr. Regional Shoreline",
    street: "7701 Doolittle Dr",
    city: "Oakland",
    state: "CA",
    zip: "94621",
    zone: "America/Los_Angeles",
  },
  santaMonica: {
    venue: "Santa Monica Pier",
    street: "200 Santa Monica Pier",
    city: "Santa Monica",
    state: "CA",
    zip: "90401",
    zone: "America/Los_Angeles",
  },
  pasadena: {
    venue: "Eaton Canyon Nature Center",
    street: "1750 N Altadena Dr",
    city: "Pasadena",
    state: "CA",
    zip: "91107",
    zone: "America/Los_Angeles",
  },
  portland: {
    venue: "Lower Macleay Park",
    street: "NW Upshur St & NW 29th Ave",
    city: "Portland",
    state: "OR",
    zip: "97210",
    zone: "America/Los_Angeles",
  },
  portlandDowntown: {
    venue: "Tom McCall Waterfront Park",
    street: "98 SW Naito Pkwy",
    city: "Portland",
    state: "OR",
    zip: "97204",
    zone: "America/Los_Angeles",
  },
  vancouver: {
    venue: "Columbia Springs",
    street: "12208 SE Evergreen Hwy",
    city: "Vancouver",
    state: "WA",
    zip: "98683",
    zone: "America/Los_Angeles",
  },
  seattle: {
    venue: "Discovery Park",
    street: "3801 Discovery Park Blvd",
    city: "Seattle",
    state: "WA",
    zip: "98199",
    zone: "America/Los_Angeles",
  },
  chicago: {
    venue: "Montrose Point Bird Sanctuary",
    street: "4400 N Simonds Dr",
    city: "Chicago",
    state: "IL",
    zip: "60640",
    zone: "America/Chicago",
  },
  denver: {
    venue: "Confluence Park",
    street: "2250 15th St",
    city: "Denver",
    state: "CO",
    zip: "80202",
    zone: "America/Denver",
  },
  nyc: {
    venue: "Hudson River Park, Pier 84",
    street: "W 44th St & 12th Ave",
    city: "New York",
    state: "NY",
    zip: "10036",
    zone: "America/New_York",
  },
  brooklyn: {
    venue: "Prospect Park Audubon Center",
    street: "101 East Dr",
    city: "Brooklyn",
    state: "NY",
    zip: "11225",
    zone: "America/New_York",
  },
};

export const PLACE_KEYS = Object.keys(PLACES);

export const addressLine = (p: FixturePlace) => `${p.venue}, ${p.street}, ${p.city}, ${p.state} ${p.zip}`;

/** The fixture calendar: days from today in the place's zone, so reruns on one day are identical. */
export const dayFrom = (now: Date, zone: string, days: number) => addDays(dayInZone(now, zone), days);

/** A stable pseudo-random pick, so each generated item is the same on every request. */
export const pick = <T>(list: readonly T[], i: number): T =>
  list[(((i * 7919) % list.length) + list.length) % list.length] as T;

/**
 * Fixture events' pictures are the site's own illustrations at its own origin: the real sources'
 * image addresses would make every development page reach out to the internet, and fail offline.
 */
const PICTURES = ["leave-the-leaves", "remove-invasive-plants", "pick-up-litter-near-water", "make-windows-bird-safe"];
export const fixturePicture = (siteOrigin: string, n: number) =>
  `${siteOrigin}/images/actions/${pick(PICTURES, n)}.svg`;
