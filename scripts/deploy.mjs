// `npm run deploy [-- --allow-workers-dev] [--check]`: the one production deploy command (decision 185).
// Reads wrangler.toml and asks Cloudflare for the secrets, the remote migrations and the ZIP table, refuses to
// ship while anything the preflight names is wrong, then builds and deploys. --check runs the preflight only.
import { spawnSync } from "node:child_process";
import { unstable_readConfig } from "wrangler";
import { pendingFromMigrationsList, preflightProblems } from "./deploy-preflight.mjs";

const args = process.argv.slice(2);
const allowWorkersDev = args.includes("--allow-workers-dev");
const checkOnly = args.includes("--check");

function wrangler(wranglerArgs, { quiet = true } = {}) {
  const result = spawnSync("npx", ["wrangler", ...wranglerArgs], {
    encoding: "utf8",
    stdio: quiet ? "pipe" : "inherit",
    env: { ...process.env, CI: "true" },
  });
  if (result.status !== 0) {
    if (quiet) console.error(result.stdout, result.stderr);
    throw new Error(`wrangler ${wranglerArgs.slice(0, 3).join(" ")} failed`);
  }
  return result.stdout ?? "";
}

try {
  const config = unstable_readConfig({ config: "wrangler.toml" });
  console.log("• preflight: secrets, remote migrations, ZIP table, configuration");
  const secrets = JSON.parse(wrangler(["secret", "list", "--format", "json"])).map((s) => s.name);
  const pendingMigrations = pendingFromMigrationsList(wrangler(["d1", "migrations", "list", "DB", "--remote"]));
  const counted = JSON.parse(
    wrangler(["d1", "execute", "DB", "--remote", "--json", "--command", "SELECT count(*) AS n FROM zip_codes"]),
  );
  const zipCount = Number(counted?.[0]?.results?.[0]?.n ?? 0);

  const problems = preflightProblems({ config, secrets, pendingMigrations, zipCount, allowWorkersDev });
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
