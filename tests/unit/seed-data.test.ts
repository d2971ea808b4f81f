import { describe, expect, it } from "vitest";
import { LOCATION_SCOPES, PETITION_TOPICS } from "#contract/petitions/schemas";
import { tipInputSchema } from "#contract/tips/schemas";
import { EVENT_CATEGORIES } from "../../db/schema/events";
import { SEED_ACTIONS } from "../../db/seed/actions";
import { SEED_EVENTS } from "../../db/seed/events";
import { SEED_PETITIONS } from "../../db/seed/petitions";
import { buildSeedStatements, nthWeekdayAfter, sqlLiteral } from "../../db/seed/seed-statements";
import { SEED_TIPS } from "../../db/seed/tips";
import { loadZipRows } from "../../db/seed/zip-rows";
import { checkStatement } from "../../worker/platform/d1-statement-check";

const zipRows = loadZipRows();
const isHttpsUrl = (s: string) => URL.canParse(s) && new URL(s).protocol === "https:";

describe("seed content", () => {
  it("has at least 30 valid tips, each linking to a reputable source over https", () => {
    expect(SEED_TIPS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SEED_TIPS.map((t) => t.title)).size).toBe(SEED_TIPS.length);
    const sources =
      /(^|\.)(epa\.gov|energy\.gov|energystar\.gov|fueleconomy\.gov|usda\.gov|fda\.gov|foodsafety\.gov|audubon\.org|xerces\.org|abcbirds\.org|nwf\.org|lnt\.org)$/;
    for (const t of SEED_TIPS) {
      expect(tipInputSchema.safeParse(t).success, t.title).toBe(true);
      expect(isHttpsUrl(t.url), t.title).toBe(true);
      expect(new URL(t.url).hostname, t.title).toMatch(sources);
    }
  });

  it("has complete weekly actions", () => {
    expect(SEED_ACTIONS.filter((a) => a.status === "published").length).toBeGreaterThanOrEqual(12);
    expect(new Set(SEED_ACTIONS.map((a) => a.slug)).size).toBe(SEED_ACTIONS.length);
    expect(new Set(SEED_ACTIONS.map((a) => a.weekOffset)).size).toBe(SEED_ACTIONS.length);
    for (const a of SEED_ACTIONS) {
      expect(a.slug, a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.summary.length, a.slug).toBeGreaterThanOrEqual(160);
      expect(a.summary.length, a.slug).toBeLessThanOrEqual(220);
      expect(a.whyItMatters.length, a.slug).toBeGreaterThan(200);
      expect(a.steps.length, a.slug).toBeGreaterThanOrEqual(4);
      expect(a.steps.length, a.slug).toBeLessThanOrEqual(6);
      expect(a.materials.length, a.slug).toBeGreaterThanOrEqual(2);
      expect(a.materials.length, a.slug).toBeLessThanOrEqual(5);
      expect(a.links.length, a.slug).toBeGreaterThanOrEqual(2);
      expect(a.links.length, a.slug).toBeLessThanOrEqual(3);
      expect(
        a.links.every((l) => l.label && isHttpsUrl(l.url)),
        a.slug,
      ).toBe(true);
    }
  });

  it("has petitions the admin form would accept", () => {
    expect(SEED_PETITIONS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(SEED_PETITIONS.map((p) => p.id)).size).toBe(SEED_PETITIONS.length);
    expect(SEED_PETITIONS.filter((p) => !p.verified)).toHaveLength(1);
    for (const p of SEED_PETITIONS) {
      expect(isHttpsUrl(p.url), p.title).toBe(true);
      expect(p.image_url === "" || URL.canParse(p.image_url), p.title).toBe(true);
      expect(PETITION_TOPICS).toContain(p.topic);
      expect(LOCATION_SCOPES).toContain(p.location_scope);
      if (p.location_scope === "national") expect(p.state, p.title).toBeUndefined();
      else expect(p.state, p.title).toMatch(/^[A-Z]{2}$/);
    }
    expect(new Set(SEED_PETITIONS.map((p) => p.topic)).size).toBeGreaterThanOrEqual(6);
  });

  it("has events that geocode from the ZIP table", () => {
    const zips = new Set(zipRows.map((z) => z.zip));
    expect(new Set(SEED_EVENTS.map((e) => e.externalId)).size).toBe(SEED_EVENTS.length);
    for (const e of SEED_EVENTS) {
      expect(EVENT_CATEGORIES, e.externalId).toContain(e.category);
      expect(isHttpsUrl(e.registrationUrl), e.externalId).toBe(true);
      if (e.zip === null) expect(e.timeZone, e.externalId).toBeDefined();
      else expect(zips.has(e.zip), e.externalId).toBe(true);
      if (e.start !== undefined) expect(e.start, e.externalId).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      else expect(e.minutes, e.externalId).toBeUndefined();
    }
  });
});

describe("seed statements", () => {
  it("loads every US ZIP from the package", () => {
    expect(zipRows.length).toBeGreaterThan(40_000);
    expect(zipRows.find((z) => z.zip === "97201")).toMatchObject({ city: "Portland", state: "OR" });
  });

  it("stay within D1 limits with the full ZIP table", () => {
    const statements = buildSeedStatements({ today: "2026-03-08", zipRows });
    for (const sql of statements) {
      // Every per-statement limit of D1's (decision 178), as the Worker tests check their own statements.
      expect(checkStatement(sql, []), sql.slice(0, 80)).toEqual([]);
      expect(sql.split("\n").length - 2).toBeLessThanOrEqual(500);
    }
    expect(statements.filter((s) => s.startsWith("INSERT INTO zip_codes")).length).toBe(
      Math.ceil(zipRows.length / 500),
    );
  });

  it("are deterministic for a given day", () => {
    const a = buildSeedStatements({ today: "2026-11-21", zipRows });
    expect(buildSeedStatements({ today: "2026-11-21", zipRows })).toEqual(a);
  });

  it("reject a malformed day and an unknown event ZIP", () => {
    expect(() => buildSeedStatements({ today: "2026-02-30", zipRows })).toThrow(/YYYY-MM-DD/);
    expect(() => buildSeedStatements({ today: "2026-11-21", zipRows: zipRows.slice(0, 10) })).toThrow(/not in zipRows/);
  });

  it("escape SQL text", () => {
    expect(sqlLiteral("Do This Week's Action")).toBe("'Do This Week''s Action'");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(true)).toBe("1");
    expect(sqlLiteral(-122.6897)).toBe("-122.6897");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });
});

describe("seed dates", () => {
  it("finds the next weekday strictly after today", () => {
    // 2026-11-21 is a Saturday.
    expect(nthWeekdayAfter("2026-11-21", "sat", 0)).toBe("2026-11-28");
    expect(nthWeekdayAfter("2026-11-21", "sun", 0)).toBe("2026-11-22");
    expect(nthWeekdayAfter("2026-11-21", "sun", 2)).toBe("2026-12-06");
    expect(nthWeekdayAfter("2026-12-29", "fri", 0)).toBe("2027-01-01");
  });
});
