import { TEXT_MAX } from "./limits";
import type { When } from "./types";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "9:00 AM", "9am", "13:30", "noon" → "HH:mm"; null when there is no readable time. Reads the first 200 characters. */
export function parseClock(text: string): string | null {
  const t = text.slice(0, TEXT_MAX.date).trim().toLowerCase();
  if (/\bnoon\b/.test(t)) return "12:00";
  const m = /\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?![\d:])/.exec(t);
  if (!m?.[1]) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const meridiem = m[3]?.[0];
  if (!meridiem && m[2] === undefined) return null; // a bare number is not a time
  if (meridiem === "p" && hour < 12) hour += 12;
  if (meridiem === "a" && hour === 12) hour = 0;
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

const validDate = (y: number, m: number, d: number) => {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
};

/**
 * A listing's date text as the source meant it: an ISO instant (with zone) is exact; an ISO or
 * written-out date with or without a clock time is wall-clock time in the event's zone, which
 * the pipeline resolves. Anything else is `invalid` (counted as skipped_invalid_datetime). Only the
 * first 200 characters are read (a date is never longer; decision 180).
 */
export function parseListingDate(given: string | null | undefined, year?: number): When | null {
  if (typeof given !== "string") return null;
  const raw = given.length > TEXT_MAX.date ? given.trimStart().slice(0, TEXT_MAX.date) : given;
  const text = raw.trim();
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? { kind: "invalid", raw } : { kind: "instant", iso: new Date(ms).toISOString() };
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2})?)?$/.exec(text);
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (!validDate(y, m, d)) return { kind: "invalid", raw };
    return { kind: "local", date: `${iso[1]}-${iso[2]}-${iso[3]}`, time: iso[4] ?? null };
  }
  // "Saturday, March 7, 2026 9:00 AM", "Mar 7 2026, 9am", "March 7, 2026"
  const written = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s*(\d{4})?/i.exec(text);
  if (written?.[1] && written[2]) {
    const month = MONTHS.indexOf(written[1].slice(0, 3).toLowerCase()) + 1;
    const y = written[3] ? Number(written[3]) : year;
    const d = Number(written[2]);
    if (month > 0 && y && validDate(y, month, d)) {
      const rest = text.slice((written.index ?? 0) + written[0].length);
      return { kind: "local", date: `${y}-${pad(month)}-${pad(d)}`, time: parseClock(rest) };
    }
  }
  // "3/7/2026 9:00 AM"
  const us = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(text);
  if (us) {
    const [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (validDate(y, m, d)) {
      return {
        kind: "local",
        date: `${y}-${pad(m)}-${pad(d)}`,
        time: parseClock(text.slice((us.index ?? 0) + us[0].length)),
      };
    }
  }
  return { kind: "invalid", raw };
}

/** Listings give an end date inclusively ("Mar 7–8"); stored all-day ends are exclusive. */
export function listedEnd(when: When | null): When | null {
  if (when?.kind !== "local" || when.time !== null) return when;
  const d = new Date(`${when.date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return { ...when, date: d.toISOString().slice(0, 10) };
}
