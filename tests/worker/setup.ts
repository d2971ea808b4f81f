import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, expect } from "vitest";
import { d1LimitBreaches } from "../../worker/platform/d1-limits";

// Setup files run before each test file; applyD1Migrations skips what is already applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Production's D1 limits (decision 178): a breach anywhere in a test, background work included, fails it.
afterEach(() => {
  const breaches = d1LimitBreaches.splice(0);
  expect(breaches, "statements that break D1's production limits").toEqual([]);
});
