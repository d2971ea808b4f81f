// `npm run deploy [-- --allow-workers-dev] [--check]`: the one production deploy command (decision 185, 237).
// Reads wrangler.toml and asks Cloudflare for the resources, secrets, remote migrations, ZIP table and the mail
// provider's domain, collects every problem in one run (a failed question is a problem, not an abort), refuses
// to ship while any remains, then builds and deploys. --check runs the preflight only.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { unstable_readConfig } from "wrangler";
import {
  bucketsFromList,
  misplacedTopLevelKeys,
  missingResourceProblems,
  pendingFromMigrationsList,
  preflightProblems,
  queuesFromList,
} from "./deploy-preflight.mjs";
import { checkMailDomain } from "./mail-check.mjs";

const args = process.argv.slice(2);
const allowWorkersDev = args.includes("--allow-workers-dev");
const checkOnly = args.includes("--check");
const configPath = process.env.WRANGLER_CONFIG ?? "wrangler.toml";

function wrangler(wranglerArgs, { quiet = true } = {}) {
  const result = spawnSync("npx", ["wrangler", ...wranglerArgs, "--config", configPath], {
    encoding: "utf8",
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, CI: "true" },
  });
  if (result.status !== 0) {
    const detail = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-3).join(" ");
    throw new Error(`wrangler ${wranglerArgs.slice(0, 4).join(" ")} failed${detail ? `: ${detail}` : ""}`);
  }
  return result.stdout ?? "";
}

/** Asks one question; a failure becomes a problem (with its fix) and the answer `fallback`. */
function ask(problems, what, fix, question, fallback) {
  try {
    return question();
  } catch (error) {
    problems.push(`${what}: ${error instanceof Error ? error.message : error} (${fix})`);
    return fallback;
  }
}

try {
  const config = unstable_readConfig({ config: configPath });
  console.log("• preflight: configuration, resources, secrets, migrations, ZIP table, mail domain");
  const problems = [...misplacedTopLevelKeys(readFileSync(configPath, "utf8"))];

  const existing = {
    d1: ask(
      problems,
      "listing D1 databases",
      "npx wrangler login",
      () => JSON.parse(wrangler(["d1", "list", "--json"])),
      [],
    ),
    kv: ask(
      problems,
      "listing KV namespaces",
      "npx wrangler login",
      () => JSON.parse(wrangler(["kv", "namespace", "list"])),
      [],
    ),
    r2: ask(
      problems,
      "listing R2 buckets",
      "enable R2 in the dashboard",
      () => bucketsFromList(wrangler(["r2", "bucket", "list"])),
      [],
    ),
    queues: ask(
      problems,
      "listing queues",
      "Queues need the Workers Paid plan",
      () => queuesFromList(wrangler(["queues", "list"])),
      [],
    ),
  };
  problems.push(...missingResourceProblems({ config, existing }));
  const databaseExists = existing.d1.some((d) => config.d1_databases?.some((c) => c.database_id === d.uuid));

  const secrets = ask(
    problems,
    "listing the Worker's secrets",
    "npx wrangler login",
    () => JSON.parse(wrangler(["secret", "list", "--format", "json"])).map((s) => s.name),
    [],
  );
  let pendingMigrations = [];
  let zipCount = 1;
  if (databaseExists) {
    pendingMigrations = ask(
      problems,
      "listing remote migrations",
      "npx wrangler d1 migrations list DB --remote",
      () => pendingFromMigrationsList(wrangler(["d1", "migrations", "list", "DB", "--remote"])),
      [],
    );
    // Without the table (migrations not applied yet) the count is a problem of its own, not an abort.
    const counted = ask(
      problems,
      "counting ZIP codes",
      "apply the migrations, then npm run db:zips -- --remote",
      () =>
        JSON.parse(
          wrangler(["d1", "execute", "DB", "--remote", "--json", "--command", "SELECT count(*) AS n FROM zip_codes"]),
        ),
      null,
    );
    zipCount = counted ? Number(counted?.[0]?.results?.[0]?.n ?? 0) : 1;
  }

  problems.push(...preflightProblems({ config, secrets, pendingMigrations, zipCount, allowWorkersDev }));
  // The mail domain: asked of the provider with MAIL_API_KEY from the environment (secrets cannot be read back).
  const mail = await checkMailDomain({ config, env: process.env });
  problems.push(...mail.problems);
  for (const note of mail.notes) console.log(`  note: ${note}`);

  if (problems.length > 0) {
    console.error(`✗ not deploying: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log("✓ preflight passed");
  if (checkOnly) process.exit(0);

  if (spawnSync("npx", ["vite", "build"], { stdio: "inherit" }).status !== 0) throw new Error("vite build failed");
  wrangler(["deploy"], { quiet: false });
  console.log("✓ deployed. Run the security scan on /admin/security.");
} catch (error) {
  console.error(`✗ deploy failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
