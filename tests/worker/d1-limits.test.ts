import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { D1LimitError, d1LimitBreaches, limitCheckedD1 } from "../../worker/platform/d1-limits";
import { api } from "./helpers";

// These tests break the limits on purpose; their breaches are checked here, not by the setup's afterEach.
afterEach(() => {
  d1LimitBreaches.length = 0;
});

describe("D1's production limits in local runs (decision 178)", () => {
  it("refuses what local workerd lets through: a call with 40 arguments", async () => {
    const call = `select json_array(${Array.from({ length: 40 }, (_, i) => i).join(", ")}) as a`;
    // Local SQLite runs it...
    expect(await env.DB.prepare(call).first("a")).toMatch(/^\[0,1,/);
    // ...the checked binding refuses it, as production would, and keeps the breach for the test's afterEach.
    const checked = limitCheckedD1(env.DB, { queries: 0 });
    expect(() => checked.prepare(call).first()).toThrow(D1LimitError);
    expect(d1LimitBreaches).toEqual([expect.stringMatching(/json_array\(\) with 40 arguments/)]);
  });

  it("names a statement over 100 KB before SQLite refuses it", () => {
    const checked = limitCheckedD1(env.DB, { queries: 0 });
    expect(() => checked.prepare(`select length('${"x".repeat(100_001)}')`).first()).toThrow(
      /statement of 100\d{3} bytes/,
    );
  });

  it("checks every statement of a batch and counts each toward the invocation's 1,000 queries", async () => {
    const usage = { queries: 0 };
    const checked = limitCheckedD1(env.DB, usage);
    const results = await checked.batch([
      checked.prepare("select 1 as one"),
      checked.prepare("select ? as two").bind(2),
    ]);
    expect(results.map((r) => r.results)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    expect(usage.queries).toBe(2);

    const long = checked.prepare("select 1 where 'a' like ?").bind(`%${"a".repeat(60)}%`);
    expect(() => checked.batch([checked.prepare("select 1"), long])).toThrow(/LIKE pattern of 62 bytes/);

    const many = Array.from({ length: 1_000 }, () => checked.prepare("select 1"));
    expect(() => checked.batch(many)).toThrow(/queries in one invocation/);
  });

  it("wraps every request's binding and reports the request's D1 queries", async () => {
    const res = await api("/api/actions/current");
    expect(Number(res.headers.get("X-D1-Queries"))).toBeGreaterThan(0);
  });
});
