import ICAL from "ical.js";
import { isValidTimeZone } from "../../../platform/zoned-time";
import { classifyCategory, clean, cleanMultiline, looksVirtual, parseUsAddress, webUrl } from "../classify";
import { fetchSource, readText, SourceError } from "../http";
import { WINDOWS_TIME_ZONES } from "../state-time-zones";
import type { AdapterContext, AdapterResult, Candidate, SourceConfig, When } from "../types";

/** Recurring events are expanded this far ahead, and at most this many times per series. */
export const ICS_HORIZON_DAYS = 180;
const MAX_OCCURRENCES_PER_SERIES = 200;
const MAX_ITERATIONS_PER_SERIES = 5000;

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalComponent = InstanceType<typeof ICAL.Component>;

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (t: IcalTime) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;
const clockOf = (t: IcalTime) => `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;

/**
 * An iCalendar time as the feed meant it. IANA TZIDs are converted with Intl (DST-correct, no
 * need for the feed's VTIMEZONE); Windows names are mapped; other TZIDs use the feed's own
 * VTIMEZONE rules through ical.js; floating times and dates are left to the pipeline's zone.
 */
export function icalTimeToWhen(t: IcalTime): When {
  if (t.isDate) return { kind: "local", date: dateOf(t), time: null };
  // `timezone` holds the raw TZID when ical.js has no zone registered for it (zone is floating then).
  const raw = (t as unknown as { timezone?: string }).timezone;
  const tzid = t.zone && t.zone.tzid !== "floating" ? t.zone.tzid : (raw ?? t.zone?.tzid);
  if (tzid === "UTC" || tzid === "Z" || t.zone === ICAL.Timezone.utcTimezone) {
    return {
      kind: "instant",
      iso: new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)).toISOString(),
    };
  }
  if (tzid && tzid !== "floating") {
    if (isValidTimeZone(tzid)) return { kind: "local", date: dateOf(t), time: clockOf(t), zone: tzid };
    const mapped = WINDOWS_TIME_ZONES[tzid];
    if (mapped) return { kind: "local", date: dateOf(t), time: clockOf(t), zone: mapped };
    if (t.zone && t.zone.tzid !== "floating")
      return { kind: "instant", iso: new Date(t.toUnixTime() * 1000).toISOString() };
  }
  return { kind: "local", date: dateOf(t), time: clockOf(t) };
}

function imageOf(v: IcalComponent): string | null {
  for (const attach of v.getAllProperties("attach")) {
    const type = String(attach.getParameter("fmttype") ?? "");
    const value = String(attach.getFirstValue() ?? "");
    if (type.startsWith("image/") || /\.(png|jpe?g|webp|gif)(\?|$)/i.test(value)) return webUrl(value);
  }
  return null;
}

type Occurrence = { start: IcalTime; end: IcalTime | null; item: InstanceType<typeof ICAL.Event> };

function toCandidate(source: SourceConfig, externalId: string, o: Occurrence): Candidate {
  const v = o.item.component;
  const title = clean(o.item.summary, 200) ?? "";
  const description = cleanMultiline(o.item.description);
  const location = clean(o.item.location, 300);
  const geo = v.getFirstPropertyValue("geo") as [number, number] | null;
  const categories = v
    .getAllProperties("categories")
    .flatMap((p) => p.getValues() as string[])
    .join(" ");
  const address = parseUsAddress(location);
  const text = `${title} ${categories} ${description ?? ""}`;
  const rest = `${categories} ${description ?? ""}`;
  const start = icalTimeToWhen(o.start);
  return {
    externalId,
    title,
    description,
    venueName: location ? (clean(location.split(",")[0], 200) ?? null) : null,
    address: location,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    lat: Array.isArray(geo) && Number.isFinite(geo[0]) ? geo[0] : null,
    lon: Array.isArray(geo) && Number.isFinite(geo[1]) ? geo[1] : null,
    start,
    end: o.end ? icalTimeToWhen(o.end) : null,
    allDay: o.start.isDate,
    registrationUrl: webUrl(String(v.getFirstPropertyValue("url") ?? "")),
    imageUrl: imageOf(v),
    isVirtual: looksVirtual(location, text),
    category: classifyCategory(title, rest, source.defaultCategory),
  };
}

const hasEnd = (v: IcalComponent) => v.hasProperty("dtend") || v.hasProperty("duration");
const isCancelled = (v: IcalComponent) => String(v.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";

/**
 * Every event of a feed as candidates. A series becomes one candidate per occurrence between now
 * and the horizon (RRULE/RDATE minus EXDATE, with RECURRENCE-ID overrides applied), identified
 * by UID + recurrence id; its earlier occurrences are history, not items.
 */
export function parseIcsFeed(
  text: string,
  source: SourceConfig,
  now: Date,
  horizonDays = ICS_HORIZON_DAYS,
): { found: number; candidates: Candidate[] } {
  let root: IcalComponent;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (err) {
    throw new SourceError(`Not a valid iCalendar feed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const calendar = root.name === "vcalendar" ? root : root.getFirstSubcomponent("vcalendar");
  if (!calendar) throw new SourceError("Not a valid iCalendar feed: no VCALENDAR");
  // Zones the feed defines are registered so non-IANA TZIDs convert by the feed's own rules.
  for (const tz of calendar.getAllSubcomponents("vtimezone")) {
    try {
      const zone = new ICAL.Timezone(tz);
      if (zone.tzid && !ICAL.TimezoneService.has(zone.tzid)) ICAL.TimezoneService.register(zone);
    } catch {
      // A broken VTIMEZONE only matters for its own TZID, which then falls back.
    }
  }

  const vevents = calendar.getAllSubcomponents("vevent");
  const exceptions = new Map<string, IcalComponent[]>();
  const masters: IcalComponent[] = [];
  for (const v of vevents) {
    const uid = String(v.getFirstPropertyValue("uid") ?? "");
    if (v.hasProperty("recurrence-id") && uid) exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
    else masters.push(v);
  }
  const masterUids = new Set(masters.map((v) => String(v.getFirstPropertyValue("uid") ?? "")));
  const horizon = now.getTime() + horizonDays * 86_400_000;
  const candidates: Candidate[] = [];
  let found = 0;

  for (const v of masters) {
    const uid = String(v.getFirstPropertyValue("uid") ?? "");
    try {
      const event = new ICAL.Event(v, { exceptions: exceptions.get(uid) ?? [] });
      if (!event.isRecurring()) {
        if (isCancelled(v)) continue;
        found++;
        candidates.push(
          toCandidate(source, uid, { start: event.startDate, end: hasEnd(v) ? event.endDate : null, item: event }),
        );
        continue;
      }
      const it = event.iterator();
      let produced = 0;
      for (let i = 0; i < MAX_ITERATIONS_PER_SERIES && produced < MAX_OCCURRENCES_PER_SERIES; i++) {
        const next = it.next();
        if (!next) break;
        if (next.toUnixTime() * 1000 > horizon) break;
        const details = event.getOccurrenceDetails(next);
        const end = hasEnd(details.item.component) || hasEnd(v) ? details.endDate : details.startDate;
        if (end.toUnixTime() * 1000 < now.getTime() - 86_400_000) continue;
        if (isCancelled(details.item.component)) continue;
        found++;
        produced++;
        candidates.push(
          toCandidate(source, `${uid}#${details.recurrenceId.toICALString()}`, {
            start: details.startDate,
            end: hasEnd(details.item.component) || hasEnd(v) ? details.endDate : null,
            item: details.item,
          }),
        );
      }
    } catch (err) {
      // One unreadable VEVENT is counted (found, not mapped) and the feed goes on.
      found++;
      console.warn(`ingestion ${source.key}: skipping VEVENT ${uid}`, err);
    }
  }
  // Overrides whose series is not in the feed stand alone.
  for (const [uid, list] of exceptions) {
    if (masterUids.has(uid)) continue;
    for (const v of list) {
      if (isCancelled(v)) continue;
      found++;
      try {
        const event = new ICAL.Event(v);
        const ridValue = v.getFirstPropertyValue("recurrence-id") as IcalTime | null;
        const rid = ridValue ? ridValue.toICALString() : "";
        candidates.push(
          toCandidate(source, `${uid}#${rid}`, {
            start: event.startDate,
            end: hasEnd(v) ? event.endDate : null,
            item: event,
          }),
        );
      } catch (err) {
        console.warn(`ingestion ${source.key}: skipping VEVENT ${uid}`, err);
      }
    }
  }
  return { found, candidates };
}

export async function readIcsSource(source: SourceConfig, ctx: AdapterContext): Promise<AdapterResult> {
  const res = await fetchSource(ctx.fetch, source.url, {
    timeoutMs: ctx.timeoutMs,
    accept: "text/calendar, */*;q=0.5",
  });
  const text = await readText(res, source.url, ctx.timeoutMs);
  return { pages: 1, ...parseIcsFeed(text, source, ctx.now) };
}
