import { AUDUBON_KEY } from "#contract/ingestion/sources-meta";
import type { SourceConfig } from "./types";

export { AUDUBON_BATCH, AUDUBON_KEY, PAGES_PER_RUN } from "#contract/ingestion/sources-meta";

/** WordPress "The Events Calendar" sites publish every upcoming event at /events/?ical=1. */
const ics = (
  key: string,
  name: string,
  description: string,
  url: string,
  timeZone: string,
  defaultCategory: string,
): SourceConfig => ({ key, name, description, type: "ics", url, timeZone, defaultCategory });

/**
 * The spec's 15 sources (ARCHITECTURE.md §8): ICS feeds of ocean, land and bird conservation
 * groups and Sierra Club chapters; HTML listings of the Hundred Peaks Section, Audubon and The
 * Nature Conservancy; the National Park Service API; one crawl-based source. URLs are the
 * organisations' public pages; in development they are served from local fixtures (decision 046).
 */
export const SOURCES: readonly SourceConfig[] = [
  ics(
    "surfrider-sf",
    "Surfrider Foundation San Francisco",
    "Beach cleanups and ocean advocacy on the San Francisco coast (ICS feed).",
    "https://sf.surfrider.org/events/?ical=1",
    "America/Los_Angeles",
    "oceans",
  ),
  ics(
    "heal-the-bay",
    "Heal the Bay",
    "Santa Monica Bay beach cleanups and aquarium programs (ICS feed).",
    "https://healthebay.org/events/?ical=1",
    "America/Los_Angeles",
    "oceans",
  ),
  ics(
    "save-the-bay",
    "Save The Bay",
    "San Francisco Bay wetland restoration days (ICS feed).",
    "https://savesfbay.org/events/?ical=1",
    "America/Los_Angeles",
    "oceans",
  ),
  ics(
    "forest-park-conservancy",
    "Forest Park Conservancy",
    "Trail work and invasive-plant removal in Portland's Forest Park (ICS feed).",
    "https://forestparkconservancy.org/events/?ical=1",
    "America/Los_Angeles",
    "forest_restoration",
  ),
  ics(
    "columbia-land-trust",
    "Columbia Land Trust",
    "Land conservation outings and stewardship days in the Columbia River region (ICS feed).",
    "https://www.columbialandtrust.org/events/?ical=1",
    "America/Los_Angeles",
    "forest_restoration",
  ),
  ics(
    "openlands",
    "Openlands",
    "Tree planting and nature outings in the Chicago region (ICS feed).",
    "https://openlands.org/events/?ical=1",
    "America/Chicago",
    "forest_restoration",
  ),
  ics(
    "bird-alliance-oregon",
    "Bird Alliance of Oregon",
    "Bird walks, wildlife sanctuary programs and classes (ICS feed).",
    "https://birdallianceoregon.org/events/?ical=1",
    "America/Los_Angeles",
    "wildlife",
  ),
  ics(
    "golden-gate-bird-alliance",
    "Golden Gate Bird Alliance",
    "Bird walks and habitat restoration around the Bay Area (ICS feed).",
    "https://goldengatebirdalliance.org/events/?ical=1",
    "America/Los_Angeles",
    "wildlife",
  ),
  ics(
    "sierra-club-colorado",
    "Sierra Club Colorado Chapter",
    "Outings, climate meetings and service trips of the Rocky Mountain Chapter (ICS feed).",
    "https://www.sierraclub.org/colorado/events/ical",
    "America/Denver",
    "climate_action",
  ),
  ics(
    "sierra-club-nyc",
    "Sierra Club NYC Group",
    "New York City group outings, cleanups and climate events (ICS feed).",
    "https://www.sierraclub.org/new-york-city/events/ical",
    "America/New_York",
    "climate_action",
  ),
  {
    key: "hundred-peaks",
    name: "Sierra Club Hundred Peaks Section",
    description: "Peak-bagging hikes in Southern California's mountains (HTML schedule, paginated).",
    type: "html",
    url: "https://www.hundredpeaks.org/outings?page={page}",
    firstPage: 1,
    timeZone: "America/Los_Angeles",
    defaultCategory: "education",
    selectors: {
      item: "tr.outing",
      title: { selector: "td.outing-title" },
      link: { selector: "td.outing-title a", attr: "href" },
      start: { selector: "td.outing-date" },
      location: { selector: "td.outing-meeting-place" },
      description: { selector: "td.outing-description" },
    },
  },
  {
    key: AUDUBON_KEY,
    name: "National Audubon Society",
    description: "Bird walks, counts and habitat events from Audubon's national listing (HTML, paginated).",
    type: "html",
    url: "https://www.audubon.org/events?page={page}",
    firstPage: 0,
    timeZone: "America/New_York",
    defaultCategory: "wildlife",
    selectors: {
      item: "article.event-teaser",
      title: { selector: ".event-teaser__title" },
      link: { selector: ".event-teaser__title a", attr: "href" },
      start: { selector: "time.event-teaser__start", attr: "datetime" },
      end: { selector: "time.event-teaser__end", attr: "datetime" },
      venue: { selector: ".event-teaser__venue" },
      location: { selector: ".event-teaser__address" },
      description: { selector: ".event-teaser__summary" },
      image: { selector: "img.event-teaser__image", attr: "src" },
    },
  },
  {
    key: "nature-conservancy",
    name: "The Nature Conservancy",
    description: "Volunteer days and preserve walks from The Nature Conservancy (HTML, paginated).",
    type: "html",
    url: "https://www.nature.org/en-us/get-involved/how-to-help/volunteer/events/?page={page}",
    firstPage: 1,
    timeZone: "America/New_York",
    defaultCategory: "forest_restoration",
    selectors: {
      item: "div.event-card",
      title: { selector: "h3.event-card__title" },
      link: { selector: "a.event-card__link", attr: "href" },
      start: { selector: ".event-card__date" },
      location: { selector: ".event-card__location" },
      description: { selector: ".event-card__text" },
      image: { selector: "img", attr: "src" },
    },
  },
  {
    key: "nps",
    name: "National Park Service",
    description: "Ranger programs and volunteer events in national parks (NPS API; needs NPS_API_KEY).",
    type: "api",
    url: "https://developer.nps.gov/api/v1/events",
    timeZone: "America/Denver",
    defaultCategory: "education",
    apiKeyVar: "NPS_API_KEY",
  },
  {
    key: "earthday-crawl",
    name: "EARTHDAY.ORG events (crawl)",
    description: "Earth Day cleanups and climate events read by the Firecrawl API (needs FIRECRAWL_API_KEY).",
    type: "firecrawl",
    url: "https://www.earthday.org/events/",
    timeZone: "America/New_York",
    defaultCategory: "climate_action",
    apiKeyVar: "FIRECRAWL_API_KEY",
  },
];

export const SOURCE_KEYS = SOURCES.map((s) => s.key);

export const findSource = (key: string) => SOURCES.find((s) => s.key === key);
