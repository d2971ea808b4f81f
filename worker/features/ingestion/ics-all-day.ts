import ICAL from "ical.js";
import { dayInZone } from "#contract/platform/zoned-time";

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalRecur = InstanceType<typeof ICAL.Recur>;

const isUtc = (t: IcalTime) => t.zone === ICAL.Timezone.utcTimezone || t.zone?.tzid === "UTC";

const dateOnly = (day: string): IcalTime => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return ICAL.Time.fromData({ year, month, day: date, isDate: true });
};

const pad = (n: number) => String(n).padStart(2, "0");
const wallDay = (t: IcalTime) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;

const utcMidnight = (t: IcalTime) => t.hour === 0 && t.minute === 0 && t.second === 0;

/**
 * The calendar day a date-time names for an all-day series. A floating or TZID one is a wall clock: its own
 * date. A UTC one at exactly midnight is a date written as UTC (its UTC date); any other UTC instant is read
 * as the day it falls on in `zone`, the source's (Outlook's local midnight, Apple's end of the local day).
 */
const dayOf = (t: IcalTime, zone: string) =>
  isUtc(t) && !utcMidnight(t) ? dayInZone(t.toUnixTime() * 1000, zone) : wallDay(t);

/**
 * All-day series as producers write them, made what RFC 5545 means, so every occurrence keeps its calendar
 * date (issue 28 item 6, decision 042's all-day dates):
 *
 * - `UNTIL` as a date-time on a series of dates becomes the date it names (`dayOf`): Apple writes the end of the
 *   last local day in UTC (`20300323T065959Z`: until Mar 22 in Los Angeles), Outlook its local midnight
 *   (`20300316T070000Z`), others the date at UTC midnight (`20300304T000000Z`: until Mar 4). Compared as
 *   instants, the first kept Mar 23 and a series in a zone east of UTC lost its last day.
 * - An override's `RECURRENCE-ID` as a date-time (Exchange writes `RECURRENCE-ID;TZID=…:20300309T000000`, with
 *   `X-MICROSOFT-CDO-ALLDAYEVENT`, on a series of dates) becomes the date it names, so it replaces its
 *   occurrence: ical.js matches overrides by their exact value, and the moved day otherwise stayed where it was.
 */
export function normaliseAllDaySeries(master: IcalComponent, overrides: IcalComponent[], zone: string): void {
  const start = master.getFirstPropertyValue("dtstart") as IcalTime | null;
  if (!start?.isDate) return;
  for (const prop of master.getAllProperties("rrule")) {
    const rule = prop.getFirstValue() as IcalRecur;
    if (rule.until && !rule.until.isDate) rule.until = dateOnly(dayOf(rule.until, zone));
  }
  for (const v of overrides) {
    const rid = v.getFirstPropertyValue("recurrence-id") as IcalTime | null;
    if (!rid || rid.isDate) continue;
    const range = v.getFirstProperty("recurrence-id")?.getParameter("range");
    v.removeAllProperties("recurrence-id");
    const prop = new ICAL.Property("recurrence-id", v);
    prop.setValue(dateOnly(dayOf(rid, zone)));
    if (typeof range === "string") prop.setParameter("range", range);
    v.addProperty(prop);
  }
}
