import { describe, expect, it } from "vitest";
import { pendingFromMigrationsList, preflightProblems } from "../../scripts/deploy-preflight.mjs";

const ready = {
  config: {
    vars: {
      ENVIRONMENT: "production",
      SITE_URL: "https://earthkind.org",
      FROM_EMAIL: "hello@earthkind.org",
      REPLY_TO: "team@earthkind.org",
      CONTACT_TO: "team@earthkind.org",
      POSTAL_ADDRESS: "Earthkind, 12 Alder Street, Portland, OR 97201",
      MAIL_PROVIDER: "resend",
      TURNSTILE_SITE_KEY: "0x4AAAAAAAB1a2b3c4d5e6f7",
    },
    d1_databases: [{ binding: "DB", database_id: "4b2f1c9e-7d1a-4e55-9b1f-1c2d3e4f5a6b" }],
    kv_namespaces: [{ binding: "KV", id: "9f8e7d6c5b4a39281716151413121110" }],
    routes: [{ pattern: "earthkind.org", custom_domain: true }],
  },
  secrets: ["JWT_SECRET", "MAIL_WEBHOOK_SECRET", "TURNSTILE_SECRET_KEY", "MAIL_API_KEY"],
  pendingMigrations: [],
  zipCount: 42_555,
};

describe("the deploy preflight", () => {
  it("lets a configured deploy go ahead", () => {
    expect(preflightProblems(ready)).toEqual([]);
  });

  it("refuses the repository's own placeholders (wrangler.toml as committed)", () => {
    const problems = preflightProblems({
      ...ready,
      config: {
        vars: {
          ENVIRONMENT: "production",
          SITE_URL: "https://earthkind.example",
          FROM_EMAIL: "hello@earthkind.example",
          REPLY_TO: "team@earthkind.example",
          CONTACT_TO: "team@earthkind.example",
          POSTAL_ADDRESS: "Earthkind, 100 Example Street, Portland, OR 97201",
          MAIL_PROVIDER: "resend",
        },
        d1_databases: [{ binding: "DB", database_id: "00000000-0000-0000-0000-000000000000" }],
        kv_namespaces: [{ binding: "KV", id: "00000000000000000000000000000000" }],
      },
    });
    for (const pattern of [
      /SITE_URL/,
      /FROM_EMAIL/,
      /REPLY_TO/,
      /CONTACT_TO/,
      /POSTAL_ADDRESS/,
      /database_id/,
      /kv_namespaces/,
      /custom domain/,
    ])
      expect(
        problems.some((p) => pattern.test(p)),
        String(pattern),
      ).toBe(true);
  });

  it("refuses missing secrets, pending migrations, an empty ZIP table and development settings", () => {
    const problems = preflightProblems({
      ...ready,
      config: { ...ready.config, vars: { ...ready.config.vars, ENVIRONMENT: "development", MAIL_PROVIDER: "outbox" } },
      secrets: ["JWT_SECRET", "TURNSTILE_SECRET_KEY"],
      pendingMigrations: ["0014_consent.sql"],
      zipCount: 0,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^ENVIRONMENT/),
      expect.stringMatching(/^MAIL_PROVIDER/),
      expect.stringMatching(/secret MAIL_WEBHOOK_SECRET/),
      expect.stringMatching(/secret MAIL_API_KEY/),
      expect.stringMatching(/0014_consent\.sql/),
      expect.stringMatching(/zip_codes table is empty/),
    ]);
  });

  it("accepts workers.dev only when asked to knowingly", () => {
    const onWorkersDev = { ...ready, config: { ...ready.config, routes: [] } };
    expect(preflightProblems(onWorkersDev)).toEqual([expect.stringMatching(/page cache/)]);
    expect(preflightProblems({ ...onWorkersDev, allowWorkersDev: true })).toEqual([]);
  });

  it("reads the pending migrations from wrangler's list", () => {
    expect(pendingFromMigrationsList("✅ No migrations to apply!")).toEqual([]);
    const table = `Migrations to be applied:
┌──────────────────────────┐
│ Name                     │
├──────────────────────────┤
│ 0013_lon_band.sql        │
├──────────────────────────┤
│ 0014_consent.sql         │
└──────────────────────────┘`;
    expect(pendingFromMigrationsList(table)).toEqual(["0013_lon_band.sql", "0014_consent.sql"]);
  });
});
