import type { SourceConfig } from "../types";
import { addressLine, dayFrom, type FixturePlace, PLACES } from "./places";

/** Which place each ICS source's fixture events are at. */
const ICS_PLACES: Record<string, FixturePlace> = {
  "surfrider-sf": PLACES.sf as FixturePlace,
  "heal-the-bay": PLACES.santaMonica as FixturePlace,
  "save-the-bay": PLACES.oakland as FixturePlace,
  "forest-park-conservancy": PLACES.portland as FixturePlace,
  "columbia-land-trust": PLACES.vancouver as FixturePlace,
  openlands: PLACES.chicago as FixturePlace,
  "bird-alliance-oregon": PLACES.portlandDowntown as FixturePlace,
  "golden-gate-bird-alliance": PLACES.mission as FixturePlace,
  "sierra-club-colorado": PLACES.denver as FixturePlace,
  "sierra-club-nyc": PLACES.nyc as FixturePlace,
};

const TALKS = [
  "Restoring Native Habitat",
  "Plastic-Free Oceans",
  "Tidal Marsh Comebacks",
  "Reading the Urban Forest",
  "Salmon and the Working River",
  "Prairie Restoration 101",
  "Backyard Birding Basics",
  "Bay Area Shorebird Migration",
  "Colorado's Climate Action Plan",
  "Harbor Seals of New York",
];

const compact = (day: string) => day.replace(/-/g, "");
const escapeText = (s: string) =>
  s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\n/g, "\\n");

/** RFC 5545 folding: lines longer than 75 octets continue on lines starting with a space. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 75) {
    out.push(rest.slice(0, 75));
    rest = ` ${rest.slice(75)}`;
  }
  out.push(rest);
  return out.join("\r\n");
}

/**
 * A feed like the real ones: a VTIMEZONE, a weekly series with an EXDATE and a moved
 * occurrence, a one-off TZID event, an all-day event, an online talk and folded, escaped text.
 */
export function icsFixture(source: SourceConfig, now: Date): string {
  const place = ICS_PLACES[source.key] ?? (PLACES.sf as FixturePlace);
  const tz = place.zone;
  const d = (n: number) => compact(dayFrom(now, tz, n));
  const where = escapeText(addressLine(place));
  const name = source.name;
  const talk = TALKS[Object.keys(ICS_PLACES).indexOf(source.key)] ?? (TALKS[0] as string);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${name}//Events Calendar//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${tz}`,
    "BEGIN:VEVENT",
    `UID:weekly-${source.key}@fixtures.earthkind.local`,
    `DTSTART;TZID=${tz}:${d(1)}T090000`,
    `DTEND;TZID=${tz}:${d(1)}T113000`,
    "RRULE:FREQ=WEEKLY;COUNT=6",
    `EXDATE;TZID=${tz}:${d(8)}T090000`,
    `SUMMARY:${escapeText(`${name}: Weekly Volunteer Cleanup, ${place.venue}`)}`,
    `DESCRIPTION:${escapeText(`Join ${name} for our weekly cleanup. Gloves, bags and grabbers provided; bring water, sun protection and sturdy shoes.\nAll ages welcome; under-16s with an adult.`)}`,
    `LOCATION:${where}`,
    `URL:https://example.org/${source.key}/weekly-cleanup`,
    "CATEGORIES:Volunteer,Cleanup",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `UID:weekly-${source.key}@fixtures.earthkind.local`,
    `RECURRENCE-ID;TZID=${tz}:${d(15)}T090000`,
    `DTSTART;TZID=${tz}:${d(15)}T130000`,
    `DTEND;TZID=${tz}:${d(15)}T153000`,
    `SUMMARY:${escapeText(`${name}: Weekly Volunteer Cleanup (afternoon this week)`)}`,
    `LOCATION:${where}`,
    `URL:https://example.org/${source.key}/weekly-cleanup`,
    "END:VEVENT",
    "BEGIN:VEVENT",
    `UID:talk-${source.key}@fixtures.earthkind.local`,
    `DTSTART;TZID=${tz}:${d(3)}T183000`,
    `DTEND;TZID=${tz}:${d(3)}T200000`,
    `SUMMARY:${escapeText(`Evening Talk: ${talk}`)}`,
    `DESCRIPTION:${escapeText(`An online slideshow and Q&A hosted by ${name}.`)}`,
    "LOCATION:Online via Zoom",
    `URL:https://example.org/${source.key}/talk`,
    "END:VEVENT",
    "BEGIN:VEVENT",
    `UID:festival-${source.key}@fixtures.earthkind.local`,
    `DTSTART;VALUE=DATE:${d(5)}`,
    `DTEND;VALUE=DATE:${d(6)}`,
    `SUMMARY:${escapeText(`${place.venue} Nature Festival`)}`,
    `DESCRIPTION:${escapeText("Guided walks, native plant sale and kids' activities all day.")}`,
    `LOCATION:${where}`,
    `URL:https://example.org/${source.key}/festival`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
