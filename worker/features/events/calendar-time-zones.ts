import { utcOffsetMinutes, zoneAbbreviation } from "#contract/platform/zoned-time";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Offsets are sampled weekly: no zone changes its offset twice within a week. */
const STEP = 7 * DAY;
/** Far enough back to find the change in effect at an event's start (DST changes are at most a year apart). */
const LOOKBACK = 366 * DAY;

export type OffsetChange = { at: number; from: number; to: number };

/**
 * The instants in (start, end] where `timeZone`'s UTC offset changes, to the minute, with the
 * offsets (minutes east of UTC) before and after. Read from Intl, so they follow the runtime's tzdata.
 */
export function offsetChanges(timeZone: string, start: number, end: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let t = Math.floor(start / MINUTE) * MINUTE;
  let before = utcOffsetMinutes(t, timeZone);
  while (t < end) {
    const next = Math.min(t + STEP, Math.ceil(end / MINUTE) * MINUTE);
    const after = utcOffsetMinutes(next, timeZone);
    if (after !== before) {
      // offset(lo) is the old one, offset(hi) the new one: halve the gap down to one minute.
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
        if (utcOffsetMinutes(mid, timeZone) === before) lo = mid;
        else hi = mid;
      }
      changes.push({ at: hi, from: before, to: after });
      before = after;
    }
    t = next;
  }
  return changes;
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
/** "-0800", "+0530". */
const offsetValue = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.trunc(minutes / 60))}${pad(minutes % 60)}`;
/** A UTC instant as the local DATE-TIME of an offset: "20301103T020000". */
const localValue = (at: number, offsetMinutes: number) =>
  new Date(at + offsetMinutes * MINUTE).toISOString().slice(0, 19).replace(/[-:]/g, "");

/** The wall-clock DATE-TIME (no zone suffix) of `iso` in `timeZone`, for `DTSTART;TZID=…:`. */
export const zonedDateTimeValue = (iso: string, timeZone: string) => {
  const at = new Date(iso).getTime();
  return localValue(at, utcOffsetMinutes(at, timeZone));
};

function observance(kind: "STANDARD" | "DAYLIGHT", dtstart: string, from: number, to: number, name: string) {
  // TZNAME is TEXT, but Intl's short names ("PST", "GMT+1") hold nothing that needs escaping.
  return [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    `TZOFFSETFROM:${offsetValue(from)}`,
    `TZOFFSETTO:${offsetValue(to)}`,
    `TZNAME:${name}`,
    `END:${kind}`,
  ];
}

/**
 * The VTIMEZONE (RFC 5545 §3.6.5) of an IANA zone for times between `start` and `end` (ms): the
 * offset change in effect at `start` and every change up to `end`, each as its own STANDARD or
 * DAYLIGHT observance with an explicit onset (no RRULE to get wrong when a rule changes). A zone
 * without changes in that time (Phoenix, Honolulu) is one STANDARD observance from 1970.
 */
export function vtimezoneLines(timeZone: string, start: number, end: number): string[] {
  const changes = offsetChanges(timeZone, start - LOOKBACK, Math.max(start, end));
  const inEffect = changes.filter((c) => c.at <= start).at(-1);
  const later = changes.filter((c) => c.at > start);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  if (!inEffect) {
    const offset = utcOffsetMinutes(start, timeZone);
    lines.push(...observance("STANDARD", "19700101T000000", offset, offset, zoneAbbreviation(start, timeZone)));
  }
  for (const c of inEffect ? [inEffect, ...later] : later) {
    // More offset than before is daylight saving time; back to less is standard time.
    const kind = c.to > c.from ? "DAYLIGHT" : "STANDARD";
    lines.push(...observance(kind, localValue(c.at, c.from), c.from, c.to, zoneAbbreviation(c.at, timeZone)));
  }
  lines.push("END:VTIMEZONE");
  return lines;
}
