import ICAL from "ical.js";
import {
  classifyCategory,
  clean,
  cleanMultiline,
  htmlToText,
  looksVirtual,
  parseUsAddress,
  priceInText,
  webUrl,
} from "../classify";
import { fetchSourceText, SourceError } from "../http";
import { normaliseAllDaySeries } from "../ics-all-day";
import { parseLenient } from "../ics-lenient";
import { feedZones, resolveTzid } from "../ics-zones";
import { MAX_BODY_BYTES, TEXT_MAX } from "../limits";
import type { AdapterContext, AdapterResult, Candidate, SourceConfig, When } from "../types";

/** Recurring events are expanded this far ahead, and at most this many times per series. */
export const ICS_HORIZON_DAYS = 180;
const MAX_OCCURRENCES_PER_SERIES = 200;
const MAX_ITERATIONS_PER_SERIES = 5000;

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTimezone = InstanceType<typeof ICAL.Timezone>;
type Zones = Map<string, IcalTimezone>;

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (t: IcalTime) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;
const clockOf = (t: IcalTime) => `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
const wallMs = (t: IcalTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
const instant = (ms: number): When => ({ kind: "instant", iso: new Date(ms).toISOString() });

/**
 * An iCalendar time as the feed meant it, read from its wall clock and the TZID parameter of the
 * property it came from (occurrences of a series carry the series' TZID: ical.js drops an unknown
 * TZID when it copies a time). IANA, Windows and prefixed zones stay wall-clock times in their IANA
 * zone; fixed offsets and the feed's own VTIMEZONEs give instants; floating times and dates are left
 * to the pipeline's zone.
 */
export function icalTimeToWhen(t: IcalTime, tzid: string | null, zones: Zones = new Map()): When {
  if (t.isDate) return { kind: "local", date: dateOf(t), time: null };
  if (t.zone === ICAL.Timezone.utcTimezone || t.zone?.tzid === "UTC") return instant(wallMs(t));
  const rule = resolveTzid(tzid, zones);
  switch (rule.kind) {
    case "utc":
      return instant(wallMs(t));
    case "iana":
      return { kind: "local", date: dateOf(t), time: clockOf(t), zone: rule.zone };
    case "offset":
      return instant(wallMs(t) - rule.minutes * 60_000);
    case "vtimezone": {
      const local = new ICAL.Time(
        { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second, isDate: false },
        rule.zone,
      );
      return instant(local.toUnixTime() * 1000);
    }
    default:
      return { kind: "local", date: dateOf(t), time: clockOf(t) };
  }
}

function imageOf(v: IcalComponent): string | null {
  for (const attach of v.getAllProperties("attach")) {
    const type = String(attach.getParameter("fmttype") ?? "");
    const value = String(attach.getFirstValue() ?? "");
    if (value.length > TEXT_MAX.url) continue;
    if (type.startsWith("image/") || /\.(png|jpe?g|webp|gif)(\?|$)/i.test(value)) return webUrl(value);
  }
  return null;
}

// `[^<>]*`, not `[^>]*`: a run of unclosed "<p<p<p…" is then read once, not once from every "<".
const HTML_MARKUP = /<\/?(p|br|div|span|a|b|i|u|strong|em|ul|ol|li|h[1-6]|table|tr|td|font|html|body)\b[^<>]*>/i;

/**
 * The description as text: HTML ones (Outlook, Eventbrite, X-ALT-DESC) lose their markup. Only its
 * stored length is looked at (htmlToText and cleanMultiline cut it first, decision 180).
 */
function descriptionOf(v: IcalComponent, item: InstanceType<typeof ICAL.Event>): string | null {
  const plain = item.description as string | null;
  const raw = plain?.trim() ? plain : (v.getFirstPropertyValue("x-alt-desc") as string | null);
  if (!raw) return null;
  return cleanMultiline(HTML_MARKUP.test(raw.slice(0, TEXT_MAX.description)) ? htmlToText(raw) : raw);
}

/** Exchange marks all-day events (and all-day overrides of timed series) with a flag on midnight times. */
const flaggedAllDay = (v: IcalComponent) =>
  ["x-microsoft-cdo-alldayevent", "x-microsoft-msncalendar-alldayevent"].some(
    (name) => String(v.getFirstPropertyValue(name) ?? "").toUpperCase() === "TRUE",
  );

type Occurrence = {
  start: IcalTime;
  end: IcalTime | null;
  startTzid: string | null;
  endTzid: string | null;
  item: InstanceType<typeof ICAL.Event>;
};

function toCandidate(source: SourceConfig, zones: Zones, externalId: string, o: Occurrence): Candidate {
  const v = o.item.component;
  const title = clean(o.item.summary, TEXT_MAX.title) ?? "";
  const description = descriptionOf(v, o.item);
  const location = clean(o.item.location, TEXT_MAX.location);
  const geo = v.getFirstPropertyValue("geo") as [number, number] | null;
  const categories = v
    .getAllProperties("categories")
    .flatMap((p) => p.getValues() as string[])
    .join(" ")
    .slice(0, TEXT_MAX.keywords);
  const address = parseUsAddress(location);
  const text = `${title} ${categories} ${description ?? ""}`;
  const rest = `${categories} ${description ?? ""}`;
  const allDay = o.start.isDate || (flaggedAllDay(v) && o.start.hour === 0 && o.start.minute === 0);
  // Years outside 1900–2100 are fuzzed or mistyped dates (1864, 20190): invalid, so the pipeline counts them.
  const start: When =
    o.start.year < 1900 || o.start.year > 2100
      ? { kind: "invalid", raw: o.start.toString() }
      : allDay
        ? { kind: "local", date: dateOf(o.start), time: null }
        : icalTimeToWhen(o.start, o.startTzid, zones);
  const end: When | null = !o.end
    ? null
    : allDay
      ? { kind: "local", date: dateOf(o.end), time: null }
      : icalTimeToWhen(o.end, o.endTzid, zones);
  return {
    externalId,
    title,
    description,
    venueName: location ? (clean(location.split(",")[0], TEXT_MAX.venue) ?? null) : null,
    address: address.street,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    lat: Array.isArray(geo) && Number.isFinite(geo[0]) ? geo[0] : null,
    lon: Array.isArray(geo) && Number.isFinite(geo[1]) ? geo[1] : null,
    start,
    end,
    allDay,
    registrationUrl: webUrl(String(v.getFirstPropertyValue("url") ?? "")),
    organizerName: organizerOf(v),
    // iCalendar has no price property: only a labelled line of the description ("Cost: Free") states one.
    priceCents: priceInText(description),
    imageUrl: imageOf(v),
    isVirtual: looksVirtual(location, text),
    category: classifyCategory(title, rest, source.defaultCategory),
    // STATUS:CANCELLED on the event, or on the override of this one occurrence (decision 200).
    cancelled: isCancelled(v),
  };
}

/**
 * A date property ical.js cannot read ("DTEND;TZID=:::broken") costs that property, not the event;
 * only an unreadable DTSTART leaves the event without a start (the pipeline then skips it).
 */
function dropUnreadableDates(v: IcalComponent): void {
  for (const name of ["dtend", "due", "exdate", "rdate", "recurrence-id", "duration"]) {
    for (const prop of v.getAllProperties(name)) {
      try {
        for (const value of prop.getValues() as { toUnixTime?: () => number }[]) value?.toUnixTime?.();
      } catch {
        v.removeProperty(prop);
      }
    }
  }
}

/**
 * A DURATION of more than a year is a broken feed, not an event (ical.js would spend minutes
 * normalising "P999999999999999999W"): the event keeps its start and loses the end.
 */
function dropAbsurdDuration(v: IcalComponent): void {
  const duration = v.getFirstPropertyValue("duration") as InstanceType<typeof ICAL.Duration> | null;
  if (duration && !(Math.abs(duration.toSeconds()) <= 366 * 86_400)) v.removeAllProperties("duration");
}

const hasEnd = (v: IcalComponent) => v.hasProperty("dtend") || v.hasProperty("duration");
/** ORGANIZER;CN="Heal the Bay":mailto:… — the name only (the address is the organiser's, not for the page). */
const organizerOf = (v: IcalComponent) => {
  const cn = v.getFirstProperty("organizer")?.getParameter("cn");
  return clean(typeof cn === "string" ? cn.replace(/^"|"$/g, "") : null, TEXT_MAX.venue) ?? null;
};

const isCancelled = (v: IcalComponent) => String(v.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
const tzidOf = (v: IcalComponent, name: string) => {
  const value = v.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
};
/** DTEND's own TZID; a DURATION (or no end) keeps the start's. */
const endTzidOf = (v: IcalComponent) => (v.hasProperty("dtend") ? tzidOf(v, "dtend") : tzidOf(v, "dtstart"));

/** FNV-1a, 52 bits: a short stable id from text (synchronous, unlike crypto.subtle). */
function stableHash(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) h = BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n);
  return (h >> 12n).toString(36);
}

/**
 * The event's UID, or for an event without one (decision 102) an id derived from what identifies it
 * to a reader — start, summary, location — so it stays the same from one run to the next.
 */
function uidOf(v: IcalComponent): string {
  const uid = String(v.getFirstPropertyValue("uid") ?? "").trim();
  if (uid) return uid;
  const part = (name: string) => v.getFirstProperty(name)?.toICALString() ?? "";
  return `nouid-${stableHash([part("dtstart"), part("summary"), part("location")].join("\n"))}`;
}

const recurrenceKey = (v: IcalComponent) =>
  v
    .getFirstProperty("recurrence-id")
    ?.toICALString()
    .replace(/^[^:]*:/, "") ?? "";

/**
 * One VEVENT per UID and recurrence id: a feed that lists an event twice (an update appended, a
 * merged export) keeps the copy with the highest SEQUENCE; on a tie, the later one.
 */
function latestRevisions(vevents: IcalComponent[]): { v: IcalComponent; uid: string }[] {
  const best = new Map<string, { v: IcalComponent; uid: string; sequence: number }>();
  for (const v of vevents) {
    const uid = uidOf(v);
    const key = `${uid}\u0000${recurrenceKey(v)}`;
    const sequence = Number(v.getFirstPropertyValue("sequence") ?? 0) || 0;
    const seen = best.get(key);
    if (!seen || sequence >= seen.sequence) best.set(key, { v, uid, sequence });
  }
  return [...best.values()];
}

/**
 * Where iteration of a long-running series starts: a DAILY or WEEKLY rule without COUNT that began
 * years ago would spend its iteration budget before reaching today, so its start moves forward by
 * whole intervals (wall-clock, so the time of day and weekdays stay) to just before `from`.
 */
function iterationStart(event: InstanceType<typeof ICAL.Event>, from: number): IcalTime | undefined {
  const rules = event.component
    .getAllProperties("rrule")
    .map((p) => p.getFirstValue() as InstanceType<typeof ICAL.Recur>);
  if (rules.length !== 1 || event.component.hasProperty("rdate")) return undefined;
  const rule = rules[0] as InstanceType<typeof ICAL.Recur>;
  if (rule.count || (rule.freq !== "DAILY" && rule.freq !== "WEEKLY")) return undefined;
  const stepDays = (rule.interval || 1) * (rule.freq === "WEEKLY" ? 7 : 1);
  const start = event.startDate;
  const lead = Math.max(0, event.endDate.toUnixTime() - start.toUnixTime()) * 1000 + 2 * 86_400_000;
  const steps = Math.floor((from - lead - start.toUnixTime() * 1000) / (stepDays * 86_400_000));
  if (steps <= 0) return undefined;
  const moved = start.clone();
  moved.adjust(steps * stepDays, 0, 0, 0);
  return moved;
}

/**
 * Every event of a feed as candidates, cancelled ones (STATUS:CANCELLED) marked so. A series becomes one candidate per occurrence between now
 * and the horizon (RRULE/RDATE minus EXDATE, with RECURRENCE-ID overrides applied), identified
 * by UID + recurrence id; its earlier occurrences are history, not items. The feed is read
 * leniently (decision 100) and its TZIDs resolved per feed (decision 101).
 */
export function parseIcsFeed(
  text: string,
  source: SourceConfig,
  now: Date,
  horizonDays = ICS_HORIZON_DAYS,
): { found: number; candidates: Candidate[] } {
  let calendars: IcalComponent[];
  try {
    calendars = parseLenient(text).calendars;
  } catch (err) {
    throw new SourceError(`Not a valid iCalendar feed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const zones = feedZones(calendars);
  const vevents = latestRevisions(calendars.flatMap((c) => c.getAllSubcomponents("vevent")));
  const exceptions = new Map<string, IcalComponent[]>();
  const masters: { v: IcalComponent; uid: string }[] = [];
  for (const e of vevents) {
    if (e.v.hasProperty("recurrence-id")) exceptions.set(e.uid, [...(exceptions.get(e.uid) ?? []), e.v]);
    else masters.push(e);
  }
  const masterUids = new Set(masters.map((m) => m.uid));
  const horizon = now.getTime() + horizonDays * 86_400_000;
  const candidates: Candidate[] = [];
  let found = 0;

  for (const { v, uid } of masters) {
    try {
      dropUnreadableDates(v);
      dropAbsurdDuration(v);
      normaliseAllDaySeries(v, exceptions.get(uid) ?? [], source.timeZone);
      const event = new ICAL.Event(v, { exceptions: exceptions.get(uid) ?? [] });
      const single = () =>
        toCandidate(source, zones, uid, {
          start: event.startDate,
          end: hasEnd(v) ? event.endDate : null,
          startTzid: tzidOf(v, "dtstart"),
          endTzid: endTzidOf(v),
          item: event,
        });
      if (!event.isRecurring()) {
        found++;
        candidates.push(single());
        continue;
      }
      let it: InstanceType<typeof ICAL.RecurExpansion>;
      try {
        it = event.iterator(iterationStart(event, now.getTime()));
      } catch {
        // A recurrence ical.js cannot expand (RDATE;VALUE=TIME, a broken RRULE) still has its first date.
        if (!event.startDate) throw new Error("unreadable recurrence");
        found++;
        candidates.push(single());
        continue;
      }
      let produced = 0;
      for (let i = 0; i < MAX_ITERATIONS_PER_SERIES && produced < MAX_OCCURRENCES_PER_SERIES; i++) {
        const step = it.next() as IcalTime | InstanceType<typeof ICAL.Period> | null;
        if (!step) break;
        // RDATE;VALUE=PERIOD occurrences come back as periods: their start is the occurrence.
        const next = step instanceof ICAL.Period ? step.start : step;
        if (next.toUnixTime() * 1000 > horizon) break;
        const details = event.getOccurrenceDetails(next);
        const own = details.item.component;
        const end = hasEnd(own) || hasEnd(v) ? details.endDate : details.startDate;
        if (end.toUnixTime() * 1000 < now.getTime() - 86_400_000) continue;
        found++;
        produced++;
        const overridden = own !== v;
        candidates.push(
          toCandidate(source, zones, `${uid}#${details.recurrenceId.toICALString()}`, {
            start: details.startDate,
            end: hasEnd(own) || hasEnd(v) ? details.endDate : null,
            startTzid: tzidOf(own, "dtstart") ?? tzidOf(v, "dtstart"),
            endTzid: overridden && own.hasProperty("dtend") ? tzidOf(own, "dtend") : tzidOf(own, "dtstart"),
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
      found++;
      try {
        dropUnreadableDates(v);
        dropAbsurdDuration(v);
        const event = new ICAL.Event(v);
        candidates.push(
          toCandidate(source, zones, `${uid}#${recurrenceKey(v)}`, {
            start: event.startDate,
            end: hasEnd(v) ? event.endDate : null,
            startTzid: tzidOf(v, "dtstart"),
            endTzid: endTzidOf(v),
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
  const text = await fetchSourceText(ctx.fetch, source.url, {
    timeoutMs: ctx.timeoutMs,
    maxBytes: MAX_BODY_BYTES.ics,
    accept: "text/calendar, */*;q=0.5",
  });
  // A feed is the whole calendar: an upcoming event it no longer lists was dropped (decision 200).
  return { pages: 1, complete: true, ...parseIcsFeed(text, source, ctx.now) };
}
