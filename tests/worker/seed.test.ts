import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
// The real package data, but only the ZIPs the events use plus a few others: seeding all ~42,000
// rows in every run would slow the suite without testing anything more.
import { codes } from "zipcodes/lib/codes.js";
import { dayInZone } from "#contract/platform/zoned-time";
import type { ZipRow } from "../../db/schema";
import { SEED_ACTIONS } from "../../db/seed/actions";
import { SEED_EVENTS } from "../../db/seed/events";
import { buildSeedStatements, SEED_EMAIL_SETTINGS } from "../../db/seed/seed-statements";

const extraZips = ["97201", "94103", "10001", "80202", "60601", "98101", "00501", "99950"];
const zipRows: ZipRow[] = [...new Set([...SEED_EVENTS.flatMap((e) => (e.zip ? [e.zip] : [])), ...extraZips])].map(
  (zip) => {
    const c = codes[zip];
    if (!c) throw new Error(`ZIP ${zip} missing from the zipcodes package`);
    return { zip: c.zip, lat: c.latitude, lon: c.longitude, city: c.city, state: c.state };
  },
);

const today = dayInZone(new Date(), "America/Los_Angeles");
const statements = buildSeedStatements({ today, zipRows });

const seed = () => env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
const all = async <T>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;
const first = async <T>(sql: string) => (await env.DB.prepare(sql).first<T>()) as T;

const sha256 = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

/** Row counts and a hash of every seeded table, ids and timestamps included, so any rewrite shows. */
async function snapshot() {
  const row = await first<Record<string, number | string>>(`SELECT
    (SELECT count(*) FROM weekly_actions) AS actions,
    (SELECT count(*) FROM settings) AS settings,
    (SELECT count(*) FROM events) AS events,
    (SELECT count(*) FROM zip_codes) AS zips,
    (SELECT group_concat(id || slug || start_date || coalesce(sent_at, '') || updated_at || steps, '|')
       FROM (SELECT * FROM weekly_actions ORDER BY slug)) AS actions_digest,
    (SELECT group_concat(id || key || value || updated_at, '|') FROM (SELECT * FROM settings ORDER BY key)) AS settings_digest,
    (SELECT group_concat(id || external_id || start_at_utc || coalesce(lat, '') || updated_at, '|')
       FROM (SELECT * FROM events ORDER BY external_id)) AS events_digest,
    (SELECT group_concat(zip || lat || lon || city, '|') FROM (SELECT * FROM zip_codes ORDER BY zip)) AS zips_digest`);
  const entries = await Promise.all(
    Object.entries(row).map(async ([k, v]) => [k, k.endsWith("_digest") ? await sha256(String(v)) : v] as const),
  );
  return Object.fromEntries(entries);
}

describe("seed", () => {
  beforeAll(async () => {
    await seed();
  });

  it("is idempotent: a second run changes nothing", async () => {
    const before = await snapshot();
    expect(before).toMatchObject({
      actions: SEED_ACTIONS.length,
      settings: 2,
      events: SEED_EVENTS.length,
      zips: zipRows.length,
    });
    await seed();
    expect(await snapshot()).toEqual(before);
  });

  it("keeps every statement within D1 limits", () => {
    for (const sql of statements) expect(new TextEncoder().encode(sql).length).toBeLessThan(100_000);
  });

  it("has a current action, an archive and upcoming weeks", async () => {
    const actions = await all<{
      slug: string;
      start_date: string;
      end_date: string;
      status: string;
      sent_at: string | null;
    }>(
      "SELECT slug, start_date, end_date, status, sent_at FROM weekly_actions WHERE status = 'published' ORDER BY start_date",
    );
    expect(actions.length).toBeGreaterThanOrEqual(12);
    const current = actions.filter((a) => a.start_date <= today && today <= a.end_date);
    expect(current).toHaveLength(1);
    expect(new Date(`${current[0]?.start_date}T00:00:00Z`).getUTCDay()).toBe(0);
    const past = actions.filter((a) => a.end_date < today);
    expect(past.length).toBeGreaterThanOrEqual(8);
    expect(past.every((a) => a.sent_at !== null)).toBe(true);
    const upcoming = actions.filter((a) => a.start_date > today);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect([...current, ...upcoming].every((a) => a.sent_at === null)).toBe(true);
    expect(await first<{ n: number }>("SELECT count(*) AS n FROM weekly_actions WHERE status = 'draft'")).toEqual({
      n: 1,
    });
  });

  it("stores petitions and the email settings defaults", async () => {
    const petitions = JSON.parse(
      (await first<{ value: string }>("SELECT value FROM settings WHERE key = 'petitions'")).value,
    ) as { verified: boolean; url: string; location_scope: string; state?: string }[];
    expect(petitions.length).toBeGreaterThanOrEqual(8);
    expect(petitions.filter((p) => !p.verified)).toHaveLength(1);
    expect(petitions.every((p) => p.url.startsWith("https://"))).toBe(true);
    expect(petitions.every((p) => (p.location_scope === "national") === (p.state === undefined))).toBe(true);

    const emailSettings = await first<{ value: string }>("SELECT value FROM settings WHERE key = 'email_settings'");
    expect(JSON.parse(emailSettings.value)).toEqual({
      welcome_enabled: true,
      welcome_subject: "Welcome to Earthkind — here's what to expect",
      welcome_preview_text: "Join thousands taking weekly climate action",
    });
    expect(SEED_EMAIL_SETTINGS.welcome_subject).toBe("Welcome to Earthkind — here's what to expect");
  });

  it("has enough future events of every kind", async () => {
    const now = new Date().toISOString();
    const weekAhead = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const stats = await first<Record<string, number>>(`SELECT
      count(*) AS future_approved,
      sum(is_virtual) AS online,
      sum(all_day) AS all_day,
      sum(end_time_unknown AND end_at_utc IS NULL) AS end_unknown,
      sum(start_at_utc <= '${weekAhead}') AS this_week,
      count(DISTINCT state) AS states
      FROM events WHERE status = 'approved' AND start_at_utc > '${now}'`);
    expect(stats.future_approved).toBeGreaterThanOrEqual(60);
    expect(stats.online).toBeGreaterThanOrEqual(3);
    expect(stats.all_day).toBeGreaterThanOrEqual(3);
    expect(stats.end_unknown).toBeGreaterThanOrEqual(2);
    expect(stats.this_week).toBeGreaterThanOrEqual(6);
    expect(stats.states).toBeGreaterThanOrEqual(10);
    expect(await first<{ n: number }>("SELECT count(*) AS n FROM events WHERE status = 'pending'")).toEqual({ n: 2 });

    // In-person events take their place from zip_codes; online ones have none.
    const mismatched = await first<{ n: number }>(`SELECT count(*) AS n FROM events e
      LEFT JOIN zip_codes z ON z.zip = e.postal_code
      WHERE e.is_virtual = 0 AND (z.zip IS NULL OR e.lat != z.lat OR e.lon != z.lon OR e.city != z.city OR e.state != z.state)`);
    expect(mismatched).toEqual({ n: 0 });
    const onlineWithPlace = await first<{ n: number }>(
      "SELECT count(*) AS n FROM events WHERE is_virtual = 1 AND (lat IS NOT NULL OR city IS NOT NULL)",
    );
    expect(onlineWithPlace).toEqual({ n: 0 });
    // Each in-person event carries its place's zone (these test ZIP rows have none: the state's); online ones none.
    const zones = await all<{ is_virtual: number; state: string | null; time_zone: string | null }>(
      "SELECT DISTINCT is_virtual, state, time_zone FROM events ORDER BY is_virtual, state",
    );
    expect(zones.filter((z) => z.is_virtual === 1)).toEqual([{ is_virtual: 1, state: null, time_zone: null }]);
    expect(zones.filter((z) => z.is_virtual === 0).every((z) => z.time_zone?.startsWith("America/"))).toBe(true);
    expect(zones).toContainEqual({ is_virtual: 0, state: "OR", time_zone: "America/Los_Angeles" });
    expect(zones).toContainEqual({ is_virtual: 0, state: "AZ", time_zone: "America/Phoenix" });
  });

  it("clusters events around the big-city ZIPs", async () => {
    for (const [hub, state] of [
      ["97201", "OR"],
      ["94103", "CA"],
      ["10001", "NY"],
      ["80202", "CO"],
      ["60601", "IL"],
      ["98101", "WA"],
    ] as const) {
      const nearby = await first<{ n: number }>(`SELECT count(*) AS n FROM events e, zip_codes h
        WHERE h.zip = '${hub}' AND e.status = 'approved' AND e.is_virtual = 0
          AND abs(e.lat - h.lat) < 0.9 AND abs(e.lon - h.lon) < 1.2`);
      expect(nearby.n, `${hub} ${state}`).toBeGreaterThanOrEqual(6);
    }
  });
});
