// Pure on purpose (no node: imports): the seeding script runs it in Node and the worker tests in workerd.
import { addDays, addWeeks, format, getDay, isValid, parseISO, startOfWeek } from "date-fns";
import { localToUtc } from "#contract/platform/zoned-time";
import type { ZipRow } from "../schema/events.ts";
import { actionImageUrl, DEFAULT_CTA_LABEL, SEED_ACTIONS } from "./actions.ts";
import { DEFAULT_CTA_LABEL_ES, SEED_ACTIONS_ES } from "./actions-es.ts";
import { SEED_EVENTS, type SeedEvent, type Weekday } from "./events.ts";
import { SEED_PETITIONS } from "./petitions.ts";
import { SEED_TIPS } from "./tips.ts";
import { SEED_TIPS_ES } from "./tips-es.ts";

export const SEED_SOURCE_KEY = "seed";

export const SEED_EMAIL_SETTINGS = {
  welcome_enabled: true,
  welcome_subject: "Welcome to Earthkind — here's what to expect",
  welcome_preview_text: "Join thousands taking weekly climate action",
};

const MAX_ROWS_PER_INSERT = 500;
// D1 rejects statements over 100 KB; leave headroom for the INSERT prefix and multi-byte text.
const MAX_STATEMENT_BYTES = 90_000;

/** A SQLite literal; the statements carry no bound parameters, so every value goes through here. */
export function sqlLiteral(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot write non-finite number ${value} as SQL`);
    return String(value);
  }
  if (value.includes("\u0000")) throw new Error("Cannot write a NUL character as SQL text");
  return `'${value.replaceAll("'", "''")}'`;
}

const jsonLiteral = (value: unknown) => sqlLiteral(JSON.stringify(value));

/** A random v4 UUID made by SQLite, like the ids the app creates; ON CONFLICT keeps the first one. */
const SQL_UUID =
  "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || " +
  "substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))";

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** Multi-row INSERTs split by row count and size, each ignoring (or refreshing) rows whose unique key exists. */
function insertStatements(
  table: string,
  columns: string[],
  rows: string[][],
  conflictKey: string[],
  /** Columns a re-seed refreshes on existing rows (reference data computed at seed time). */
  refresh: string[] = [],
): string[] {
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`;
  const onConflict = refresh.length
    ? `DO UPDATE SET ${refresh.map((c) => `${c} = excluded.${c}`).join(", ")}`
    : "DO NOTHING";
  const tail = `\nON CONFLICT (${conflictKey.join(", ")}) ${onConflict};`;
  const budget = MAX_STATEMENT_BYTES - utf8Length(head) - utf8Length(tail);
  const statements: string[] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const row of rows) {
    const tuple = `(${row.join(", ")})`;
    const size = utf8Length(tuple) + 2;
    if (size > budget) throw new Error(`A ${table} row is too large for one statement`);
    if (batch.length > 0 && (batch.length >= MAX_ROWS_PER_INSERT || bytes + size > budget)) {
      statements.push(head + batch.join(",\n") + tail);
      batch = [];
      bytes = 0;
    }
    batch.push(tuple);
    bytes += size;
  }
  if (batch.length > 0) statements.push(head + batch.join(",\n") + tail);
  return statements;
}

// Day arithmetic on local-midnight dates: date-fns works in the process's zone, and a date-only
// value parsed and formatted in that same zone cannot drift a day the way a UTC-parsed one can.
const toDay = (day: string) => parseISO(day);
const fromDay = (date: Date) => format(date, "yyyy-MM-dd");

const WEEKDAYS: Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** The (week + 1)-th `weekday` strictly after `today`, so week 0 is always within the next 7 days. */
export function nthWeekdayAfter(today: string, weekday: Weekday, week: number): string {
  const base = toDay(today);
  const ahead = (WEEKDAYS.indexOf(weekday) - getDay(base) + 7) % 7 || 7;
  return fromDay(addDays(base, ahead + 7 * week));
}

/**
 * Zones for the states the seed events are in, for ZIP rows loaded without a zone (the worker tests'
 * few rows); the real rows carry the zone of their centroid, which wins.
 */
const STATE_TIME_ZONES: Record<string, string> = {
  AZ: "America/Phoenix",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  IL: "America/Chicago",
  MA: "America/New_York",
  ME: "America/New_York",
  MN: "America/Chicago",
  NC: "America/New_York",
  NJ: "America/New_York",
  NY: "America/New_York",
  OR: "America/Los_Angeles",
  TX: "America/Chicago",
  WA: "America/Los_Angeles",
};

function actionStatements(today: string): string[] {
  const thisSunday = startOfWeek(toDay(today), { weekStartsOn: 0 });
  // Current and upcoming actions were "published" together a few days before this week began.
  const batchPublishedOn = fromDay(addDays(thisSunday, -4));
  const columns = [
    "id",
    "title",
    "slug",
    "start_date",
    "end_date",
    "summary",
    "why_it_matters",
    "steps",
    "time_required",
    "materials",
    "links",
    "image_url",
    "cta_label",
    "cta_url",
    "send_on_publish",
    "schedule_send",
    "status",
    "published_at",
    "sent_at",
    "title_es",
    "summary_es",
    "why_it_matters_es",
    "steps_es",
    "time_required_es",
    "materials_es",
    "cta_label_es",
  ];
  const rows = SEED_ACTIONS.map((a) => {
    const start = addWeeks(thisSunday, a.weekOffset);
    const startDate = fromDay(start);
    const published = a.status === "published";
    const publishedOn = a.weekOffset < 0 ? fromDay(addDays(start, -4)) : batchPublishedOn;
    // Every seeded action has its Spanish (decision 272); the checks in tests/worker/seed.test.ts hold it to that.
    const es = SEED_ACTIONS_ES[a.slug];
    if (!es) throw new Error(`seed action ${a.slug} has no Spanish text`);
    return [
      SQL_UUID,
      sqlLiteral(a.title),
      sqlLiteral(a.slug),
      sqlLiteral(startDate),
      sqlLiteral(fromDay(addDays(start, 6))),
      sqlLiteral(a.summary),
      sqlLiteral(a.whyItMatters),
      jsonLiteral(a.steps),
      sqlLiteral(a.timeRequired),
      jsonLiteral(a.materials),
      jsonLiteral(a.links),
      sqlLiteral(actionImageUrl(a.slug)),
      sqlLiteral(DEFAULT_CTA_LABEL),
      sqlLiteral(null),
      sqlLiteral(false),
      sqlLiteral(true),
      sqlLiteral(a.status),
      sqlLiteral(published ? `${publishedOn}T18:00:00.000Z` : null),
      // Past weeks count as already sent, so the weekly-send cron never mails them.
      sqlLiteral(published && a.weekOffset < 0 ? `${startDate}T17:00:00.000Z` : null),
      sqlLiteral(es.title),
      sqlLiteral(es.summary),
      sqlLiteral(es.whyItMatters),
      jsonLiteral(es.steps),
      sqlLiteral(es.timeRequired),
      jsonLiteral(es.materials),
      sqlLiteral(DEFAULT_CTA_LABEL_ES),
    ];
  });
  return insertStatements("weekly_actions", columns, rows, ["slug"]);
}

function settingsStatements(): string[] {
  const rows = [
    [SQL_UUID, sqlLiteral("petitions"), jsonLiteral(SEED_PETITIONS)],
    [SQL_UUID, sqlLiteral("email_settings"), jsonLiteral(SEED_EMAIL_SETTINGS)],
  ];
  return insertStatements("settings", ["id", "key", "value"], rows, ["key"]);
}

/** Tips keyed by title: re-seeding never duplicates one or undoes an admin's edits to its text. */
function tipStatements(): string[] {
  const rows = SEED_TIPS.map((t, position) => {
    const es = SEED_TIPS_ES[t.title];
    if (!es) throw new Error(`seed tip "${t.title}" has no Spanish text`);
    return [
      SQL_UUID,
      sqlLiteral(t.title),
      sqlLiteral(t.body),
      sqlLiteral(t.url),
      sqlLiteral(t.topic),
      sqlLiteral(true),
      sqlLiteral(position),
      sqlLiteral(es.title),
      sqlLiteral(es.body),
    ];
  });
  return insertStatements(
    "tips",
    ["id", "title", "body", "url", "topic", "active", "position", "title_es", "body_es"],
    rows,
    ["title"],
  );
}

type EventTimes = { startAtUtc: string; endAtUtc: string | null; allDay: boolean; endTimeUnknown: boolean };

function eventTimes(e: SeedEvent, day: string, timeZone: string): EventTimes {
  if (e.start === undefined) {
    // All-day: local midnight to the following local midnight(s), the iCalendar convention.
    const end = fromDay(addDays(toDay(day), e.days ?? 1));
    return {
      startAtUtc: localToUtc(day, "00:00", timeZone).toISOString(),
      endAtUtc: localToUtc(end, "00:00", timeZone).toISOString(),
      allDay: true,
      endTimeUnknown: false,
    };
  }
  const start = localToUtc(day, e.start, timeZone);
  return {
    startAtUtc: start.toISOString(),
    endAtUtc: e.minutes === undefined ? null : new Date(start.getTime() + e.minutes * 60_000).toISOString(),
    allDay: false,
    endTimeUnknown: e.minutes === undefined,
  };
}

function eventStatements(today: string, zipRows: ZipRow[]): string[] {
  const zips = new Map(zipRows.map((z) => [z.zip, z]));
  const columns = [
    "id",
    "source_key",
    "external_id",
    "title",
    "description",
    "venue_name",
    "address",
    "category",
    "city",
    "state",
    "postal_code",
    "lat",
    "lon",
    "start_at_utc",
    "end_at_utc",
    "all_day",
    "end_time_unknown",
    "time_zone",
    "registration_url",
    "price_cents",
    "image_url",
    "is_virtual",
    "status",
  ];
  const rows = SEED_EVENTS.map((e) => {
    const place = e.zip === null ? null : zips.get(e.zip);
    if (e.zip !== null && !place) throw new Error(`Seed event ${e.externalId}: ZIP ${e.zip} is not in zipRows`);
    const timeZone = place ? (place.timeZone ?? STATE_TIME_ZONES[place.state]) : e.timeZone;
    if (!timeZone) throw new Error(`Seed event ${e.externalId}: no time zone`);
    const t = eventTimes(e, nthWeekdayAfter(today, e.on, e.week), timeZone);
    return [
      SQL_UUID,
      sqlLiteral(SEED_SOURCE_KEY),
      sqlLiteral(e.externalId),
      sqlLiteral(e.title),
      sqlLiteral(e.description),
      sqlLiteral(e.venueName),
      // The street line only (decision 258): the samples name a venue, not a street; city, state, ZIP have columns.
      sqlLiteral(e.street ?? null),
      sqlLiteral(e.category),
      sqlLiteral(place?.city),
      sqlLiteral(place?.state),
      sqlLiteral(place?.zip),
      sqlLiteral(place?.lat),
      sqlLiteral(place?.lon),
      sqlLiteral(t.startAtUtc),
      sqlLiteral(t.endAtUtc),
      sqlLiteral(t.allDay),
      sqlLiteral(t.endTimeUnknown),
      // In-person events keep their place's zone; online ones are shown in the viewer's (decision 165).
      sqlLiteral(place ? timeZone : null),
      sqlLiteral(e.registrationUrl),
      sqlLiteral(e.priceCents ?? 0),
      sqlLiteral(null),
      sqlLiteral(place === null),
      sqlLiteral(e.status ?? "approved"),
    ];
  });
  return insertStatements("events", columns, rows, ["source_key", "external_id"]);
}

function zipStatements(zipRows: ZipRow[]): string[] {
  const rows = [...zipRows]
    .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0))
    .map((z) => [
      sqlLiteral(z.zip),
      sqlLiteral(z.lat),
      sqlLiteral(z.lon),
      sqlLiteral(z.city),
      sqlLiteral(z.state),
      sqlLiteral(z.timeZone),
    ]);
  // A re-seed fills in zones on ZIP rows loaded before they had one (and follows the lookup's updates).
  return insertStatements(
    "zip_codes",
    ["zip", "lat", "lon", "city", "state", "time_zone"],
    rows,
    ["zip"],
    ["time_zone"],
  );
}

/**
 * Idempotent seed SQL: every INSERT skips rows whose unique key exists, so running it again (or
 * after admins edit the content) changes nothing. Dates are laid out around `today`, the site's
 * calendar day (YYYY-MM-DD in SITE_TIMEZONE).
 */
export function buildSeedStatements(opts: { today: string; zipRows: ZipRow[] }): string[] {
  const { today, zipRows } = opts;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || !isValid(toDay(today)) || fromDay(toDay(today)) !== today) {
    throw new Error(`today must be a YYYY-MM-DD date, got "${today}"`);
  }
  return [
    ...zipStatements(zipRows),
    ...actionStatements(today),
    ...settingsStatements(),
    ...tipStatements(),
    ...eventStatements(today, zipRows),
  ];
}
