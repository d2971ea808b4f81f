import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  bucketsFromList,
  configuredQueues,
  misplacedTopLevelKeys,
  missingResourceProblems,
  queuesFromList,
} from "../../scripts/deploy-preflight.mjs";

const config = {
  d1_databases: [{ binding: "DB", database_name: "earthkind", database_id: "4b2f1c9e-7d1a-4e55-9b1f-1c2d3e4f5a6b" }],
  kv_namespaces: [{ binding: "KV", id: "9f8e7d6c5b4a39281716151413121110" }],
  r2_buckets: [{ binding: "MEDIA", bucket_name: "earthkind-media" }],
  queues: {
    producers: [{ queue: "earthkind-email" }, { queue: "earthkind-ingest" }],
    consumers: [
      { queue: "earthkind-email", dead_letter_queue: "earthkind-email-dlq" },
      { queue: "earthkind-ingest", dead_letter_queue: "earthkind-ingest-dlq" },
    ],
  },
};
const everything = {
  d1: [{ name: "earthkind", uuid: "4b2f1c9e-7d1a-4e55-9b1f-1c2d3e4f5a6b" }],
  kv: [{ id: "9f8e7d6c5b4a39281716151413121110" }],
  r2: ["earthkind-media"],
  queues: ["earthkind-email", "earthkind-ingest", "earthkind-export", "earthkind-email-dlq", "earthkind-ingest-dlq"],
};

describe("the preflight finds everything at once (issue 44)", () => {
  it("names every missing remote resource in one run", () => {
    expect(missingResourceProblems({ config, existing: everything })).toEqual([]);
    const problems = missingResourceProblems({
      config,
      existing: { d1: [], kv: [], r2: [], queues: ["earthkind-email"] },
    });
    expect(problems).toEqual([
      expect.stringMatching(/^d1_databases\.DB: the account has no database 4b2f1c9e/),
      expect.stringMatching(/^kv_namespaces\.KV/),
      expect.stringMatching(/^r2_buckets\.MEDIA: no bucket earthkind-media/),
      expect.stringMatching(/earthkind-ingest, earthkind-email-dlq, earthkind-ingest-dlq do not exist/),
    ]);
  });

  it("reads every queue of the committed wrangler.toml", async () => {
    const { unstable_readConfig } = await import("wrangler");
    const committed = unstable_readConfig({ config: join(import.meta.dirname, "../../wrangler.toml") });
    expect(configuredQueues(committed).sort()).toEqual(everything.queues.sort());
  });

  it("finds routes written under a table header, which wrangler ignores", () => {
    const toml = readFileSync(join(import.meta.dirname, "../../wrangler.toml"), "utf8");
    expect(misplacedTopLevelKeys(toml)).toEqual([]);
    const misplaced = `${toml}\nroutes = [{ pattern = "earthkind.org", custom_domain = true }]\n`;
    expect(misplacedTopLevelKeys(misplaced)).toEqual([expect.stringMatching(/written under \[observability\]/)]);
    const top = toml.replace('main = "worker/index.ts"', 'main = "worker/index.ts"\nroutes = []');
    expect(misplacedTopLevelKeys(top)).toEqual([]);
  });

  it("reads wrangler's R2 and queue listings", () => {
    expect(
      bucketsFromList("Listing buckets...\nname:           earthkind-media\ncreation_date:  2026-12-01\n"),
    ).toEqual(["earthkind-media"]);
    const table = `┌──────────────────────────────────┬─────────────────┬────────────┐
│ id                               │ name            │ created_on │
├──────────────────────────────────┼─────────────────┼────────────┤
│ 0f1e2d3c4b5a69788796a5b4c3d2e1f0 │ earthkind-email │ 2026-12-01 │
└──────────────────────────────────┴─────────────────┴────────────┘`;
    expect(queuesFromList(table)).toEqual(["earthkind-email"]);
  });
});
