import { localToUtc } from "#contract/platform/zoned-time";
import { AUDUBON_KEY } from "../sources";
import type { SourceConfig } from "../types";
import { addressLine, dayFrom, type FixturePlace, fixturePicture, PLACE_KEYS, PLACES, pick } from "./places";

/** Pages each HTML fixture has: Audubon spans more than one run so the batched run has work. */
export const FIXTURE_PAGES: Record<string, number> = { [AUDUBON_KEY]: 12, "hundred-peaks": 2, "nature-conservancy": 1 };
const PER_PAGE = 3;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

type Item = { n: number; place: FixturePlace; day: string; title: string };

function items(source: SourceConfig, page: number, now: Date): Item[] {
  if (page < 1 || page > (FIXTURE_PAGES[source.key] ?? 0)) return [];
  return Array.from({ length: PER_PAGE }, (_, i) => {
    const n = (page - 1) * PER_PAGE + i + 1;
    const place = PLACES[pick(PLACE_KEYS, n + source.key.length)] as FixturePlace;
    const day = dayFrom(now, place.zone, 1 + ((n * 3) % 40));
    const kind = pick(
      ["Bird Walk", "Habitat Restoration Day", "Owl Prowl", "Shoreline Cleanup", "Native Plant Workshop"],
      n,
    );
    return { n, place, day, title: `${kind} at ${place.venue}` };
  });
}

function audubon(list: Item[], page: number, source: SourceConfig, siteOrigin: string): string {
  const cards = list
    .map(({ n, place, day, title }) => {
      const start = localToUtc(day, "08:00", place.zone).toISOString();
      const end = localToUtc(day, "10:30", place.zone).toISOString();
      return `<article class="event-teaser">
  <img class="event-teaser__image" src="${fixturePicture(siteOrigin, n)}" alt="">
  <h3 class="event-teaser__title"><a href="/events/${source.key}-${n}">${esc(title)}</a></h3>
  <time class="event-teaser__start" datetime="${start}">Starts</time> <time class="event-teaser__end" datetime="${end}">Ends</time>
  <div class="event-teaser__venue">${esc(place.venue)}</div>
  <div class="event-teaser__address">${esc(`${place.street}, ${place.city}, ${place.state} ${place.zip}`)}</div>
  <p class="event-teaser__summary">Join local birders &amp; naturalists; binoculars available to borrow.</p>
</article>`;
    })
    .join("\n");
  return `<!doctype html><html><body><main><h1>Events</h1>${cards}<nav class="pager"><a href="?page=${page}">Next</a></nav></main></body></html>`;
}

const PEAKS = [
  "Mount Baden-Powell (9,399 ft)",
  "Mount Islip (8,250 ft)",
  "Throop Peak (9,138 ft)",
  "Mount Lowe (5,603 ft)",
  "Strawberry Peak (6,164 ft)",
  "Josephine Peak (5,558 ft)",
];

function hundredPeaks(list: Item[]): string {
  const rows = list
    .map(
      ({ n, day }) => `<tr class="outing">
  <td class="outing-date">${new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })} 7:00 AM</td>
  <td class="outing-title"><a href="/outings/${n}">Hike: ${esc(pick(PEAKS, n))}</a></td>
  <td class="outing-meeting-place">${esc(addressLine(PLACES.pasadena as FixturePlace))}</td>
  <td class="outing-description">Strenuous hike, 8 miles, 2,500 ft gain. Bring 3 liters of water.</td>
</tr>`,
    )
    .join("\n");
  return `<!doctype html><html><body><table class="schedule"><tbody>${rows}</tbody></table></body></html>`;
}

function natureConservancy(list: Item[]): string {
  const cards = list
    .map(
      ({ n, place, day, title }) => `<div class="event-card">
  <a class="event-card__link" href="/en-us/events/${n}/"><h3 class="event-card__title">${esc(title)}</h3></a>
  <p class="event-card__date">${new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })}, 10:00 am</p>
  <p class="event-card__location">${esc(`${place.city}, ${place.state} ${place.zip}`)}</p>
  <p class="event-card__text">Help remove invasive plants on the preserve.</p>
</div>`,
    )
    .join("\n");
  return `<!doctype html><html><body><section>${cards}</section></body></html>`;
}

/** One listing page in the markup the source's selectors expect; pictures come from `siteOrigin`. */
export function htmlFixture(source: SourceConfig, page: number, now: Date, siteOrigin: string): string {
  const firstPage = source.firstPage ?? 1;
  const list = items(source, page - firstPage + 1, now);
  if (source.key === AUDUBON_KEY) return audubon(list, page + 1, source, siteOrigin);
  if (source.key === "hundred-peaks") return hundredPeaks(list);
  return natureConservancy(list);
}
