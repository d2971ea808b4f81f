import { addDays, localToUtc } from "#contract/platform/zoned-time";
import type { Db } from "../../platform/db";
import { mergeNewcomers } from "../events/duplicates";
import { cityKey, placesByCity, placesByZip, zip5 } from "../events/geocode";
import { type NearestZipPlace, nearestZipPlace } from "../events/nearest-zip";
import { confirmListed } from "./listing-state";
import { STATE_TIME_ZONES } from "./state-time-zones";
import type { Candidate, Counters, SourceConfig, When } from "./types";
import { emptyCounters } from "./types";
import { type EventRow, writeEvents } from "./upsert";

/** A candidate with its place filled in, and the zone of that place when the ZIP table knows it. */
type Located = Candidate & { geocoded: boolean; placeZone: string | null };

/** A `When` as a UTC instant; wall-clock times take the event's zone. NaN when unreadable. */
function resolve(when: When, zone: string): number {
  if (when.kind === "instant") return Date.parse(when.iso);
  if (when.kind === "invalid") return Number.NaN;
  try {
    return localToUtc(when.date, when.time ?? undefined, when.zone ?? zone).getTime();
  } catch {
    return Number.NaN;
  }
}

/**
 * A candidate's start and end as UTC milliseconds (NaN when unreadable or absent). An all-day event
 * without an end lasts its day; an end that is not after the start is dropped.
 */
export function eventTimes(c: Candidate, zone: string): { start: number; end: number } {
  const start = c.start ? resolve(c.start, zone) : Number.NaN;
  let end = c.end ? resolve(c.end, zone) : Number.NaN;
  if (c.allDay && Number.isNaN(end) && c.start?.kind === "local") {
    end = resolve({ kind: "local", date: addDays(c.start.date, 1), time: null }, zone);
  }
  if (!(end > start)) end = Number.NaN;
  return { start, end };
}

/**
 * Fills coordinates (and city/state) from the ZIP table: postal code first, else city + state. Every
 * in-person event also gets its place's zone: its ZIP's, else that of the ZIP nearest its coordinates.
 */
async function geocode(db: Db, list: Candidate[]): Promise<Located[]> {
  const inPerson = list.filter((c) => !c.isVirtual);
  const byZip = await placesByZip(
    db,
    inPerson.map((c) => c.postalCode),
  );
  const zipPlace = (c: Candidate) => {
    const zip = zip5(c.postalCode);
    return zip ? byZip.get(zip) : undefined;
  };
  const needsPlace = inPerson.filter((c) => c.lat === null || c.lon === null);
  const cityPairs = needsPlace
    .filter((c) => !zipPlace(c) && c.city && c.state)
    .map((c) => ({ city: c.city as string, state: c.state as string }));
  const byCity = await placesByCity(db, cityPairs);

  // Coordinates without a state (e.g. the parks API) or without a ZIP whose zone is known: the
  // nearest ZIP gives state, city and zone. Nearby events share one lookup.
  const reverse = new Map<string, NearestZipPlace | null>();
  const reverseKey = (c: Candidate) => `${c.lat?.toFixed(2)},${c.lon?.toFixed(2)}`;
  for (const c of inPerson) {
    if (c.lat === null || c.lon === null || (c.state && zipPlace(c)?.timeZone)) continue;
    const key = reverseKey(c);
    if (!reverse.has(key)) reverse.set(key, await nearestZipPlace(db, c.lat, c.lon));
  }

  return list.map((c) => {
    if (c.isVirtual) return { ...c, lat: null, lon: null, geocoded: false, placeZone: null };
    if (c.lat !== null && c.lon !== null) {
      const near = reverse.get(reverseKey(c)) ?? null;
      const placeZone = zipPlace(c)?.timeZone ?? near?.timeZone ?? null;
      return near && !c.state
        ? {
            ...c,
            city: c.city ?? near.city,
            state: near.state,
            postalCode: c.postalCode ?? near.zip,
            geocoded: false,
            placeZone,
          }
        : { ...c, geocoded: false, placeZone };
    }
    const place = zipPlace(c) ?? (c.city && c.state ? byCity.get(cityKey(c.city, c.state)) : undefined);
    if (!place) return { ...c, geocoded: false, placeZone: null };
    return {
      ...c,
      lat: place.lat,
      lon: place.lon,
      city: c.city ?? place.city,
      state: c.state ?? place.state,
      geocoded: true,
      placeZone: place.timeZone,
    };
  });
}

/**
 * The zone an in-person event's clock reads (decision 165): its place's (ZIP or nearest ZIP), else
 * the IANA zone of the feed's TZID, else its state's, else the source's registry entry. Online
 * events have none: they are shown in the viewer's zone.
 */
function eventZone(c: Located, source: Pick<SourceConfig, "timeZone">): string | null {
  if (c.isVirtual) return null;
  const tzid = c.start?.kind === "local" ? c.start.zone : undefined;
  return c.placeZone ?? tzid ?? (c.state ? STATE_TIME_ZONES[c.state] : undefined) ?? source.timeZone;
}

/**
 * Validates, geocodes and stores one run's candidates, and counts every outcome: each mapped
 * candidate ends in exactly one of skipped_missing_required, skipped_invalid_datetime,
 * skipped_past, inserted, updated, duplicate_unchanged or failed_db_error. Every stored one is confirmed as
 * listed now (decision 200), and a new one that duplicates another source's listing merged into it (decision 199).
 */
export async function processCandidates(
  db: Db,
  source: SourceConfig,
  candidates: Candidate[],
  now: Date,
): Promise<Omit<Counters, "found">> {
  const counters = emptyCounters();
  counters.mapped = candidates.length;

  // A feed that lists the same event twice: the last copy wins, the others are duplicates.
  const unique = new Map<string, Candidate>();
  for (const c of candidates) {
    if (c.externalId && unique.has(c.externalId)) counters.duplicate_unchanged++;
    unique.set(c.externalId || `__missing_${unique.size}`, c);
  }

  const readable: Candidate[] = [];
  for (const c of unique.values()) {
    if (!c.externalId || !c.title.trim() || !c.start) counters.skipped_missing_required++;
    else if (c.start.kind === "invalid") counters.skipped_invalid_datetime++;
    else readable.push(c);
  }

  const rows: (EventRow & { geocoded: boolean })[] = [];
  for (const c of await geocode(db, readable)) {
    if (!c.isVirtual && (c.lat === null || c.lon === null) && !c.state) {
      counters.skipped_missing_required++; // nowhere to list it: no place, no state
      continue;
    }
    const timeZone = eventZone(c, source);
    // Wall-clock times without a zone read in the event's zone (online ones: their state's, else the source's).
    const zone = timeZone ?? ((c.state && STATE_TIME_ZONES[c.state]) || source.timeZone);
    const { start, end } = eventTimes(c, zone);
    if (Number.isNaN(start)) {
      counters.skipped_invalid_datetime++;
      continue;
    }
    if ((Number.isNaN(end) ? start : end) < now.getTime()) {
      counters.skipped_past++;
      continue;
    }
    rows.push({
      sourceKey: source.key,
      externalId: c.externalId,
      title: c.title.trim(),
      description: c.description,
      venueName: c.venueName,
      address: c.address,
      category: c.category,
      city: c.city,
      state: c.state,
      postalCode: c.postalCode,
      lat: c.lat,
      lon: c.lon,
      startAtUtc: new Date(start).toISOString(),
      endAtUtc: Number.isNaN(end) ? null : new Date(end).toISOString(),
      allDay: c.allDay,
      endTimeUnknown: !c.allDay && Number.isNaN(end),
      timeZone,
      registrationUrl: c.registrationUrl,
      organizerName: c.organizerName ?? null,
      priceCents: c.priceCents ?? null,
      imageUrl: c.imageUrl,
      isVirtual: c.isVirtual,
      cancelled: c.cancelled ?? false,
      geocoded: c.geocoded,
    });
  }

  const outcome = await writeEvents(db, source.key, rows);
  counters.inserted = outcome.inserted;
  counters.updated = outcome.updated;
  counters.duplicate_unchanged += outcome.unchanged;
  counters.failed_db_error = outcome.failed;
  const stored = rows.filter((r) => !outcome.failedIds.has(r.externalId));
  await confirmListed(
    db,
    source.key,
    stored.map((r) => r.externalId),
    now,
  );
  // A newcomer that another source already lists becomes a hidden copy of that listing (decision 199).
  await mergeNewcomers(db, source.key, outcome.insertedIds);
  counters.geocoded_count = stored.filter((r) => r.geocoded).length;
  counters.all_day_events = stored.filter((r) => r.allDay).length;
  return counters;
}
