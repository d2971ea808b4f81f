// `npm run db:seed:local [-- --persist-to DIR] [--force]`: applies the migrations to the local D1, then
// loads the sample content (actions, petitions, email settings, events, ZIP centroids) if the
// database has no weekly actions yet. --force seeds anyway; that is safe because every insert
// skips rows that already exist.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dayInZone } from "#contract/platform/zoned-time";
import { buildSeedStatements } from "../db/seed/seed-statements.ts";
import { loadZipRows } from "../db/seed/zip-rows.ts";
import { d1Query, persistDirFromArgs } from "./local-env.mjs";

const persistDir = persistDirFromArgs();
const force = process.argv.includes("--force");
const timeZone = process.env.SITE_TIMEZONE || "America/Los_Angeles";
const sqlFile = path.join(".wrangler", "seed.sql");

/** Runs wrangler quietly (its output is long); shows the output only when it fails. */
function wrangler(args) {
  // CI=true makes wrangler non-interactive, so `migrations apply` does not stop at its confirm prompt.
  const result = spawnSync("npx", ["wrangler", ...args], { encoding: "utf8", env: { ...process.env, CI: "true" } });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed`);
  }
}

try {
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  console.log(`• migrations applied (local database in ${persistDir})`);

  const [{ n } = { n: 0 }] = d1Query("SELECT count(*) AS n FROM weekly_actions", persistDir);
  if (n > 0 && !force) {
    console.log(`• already seeded (${n} weekly actions); use --force to re-run the idempotent seed`);
    process.exit(0);
  }

  const today = dayInZone(new Date(), timeZone);
  const statements = buildSeedStatements({ today, zipRows: loadZipRows() });
  mkdirSync(path.dirname(sqlFile), { recursive: true });
  writeFileSync(sqlFile, `${statements.join("\n")}\n`);
  console.log(`• wrote ${statements.length} statements to ${sqlFile} (site day ${today}, ${timeZone})`);

  wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", sqlFile]);
  const [counts] = d1Query(
    `SELECT (SELECT count(*) FROM weekly_actions) AS actions,
            (SELECT count(*) FROM events) AS events,
            (SELECT count(*) FROM zip_codes) AS zips,
            (SELECT count(*) FROM settings) AS settings`,
    persistDir,
  );
  console.log(
    `✓ seeded: ${counts.actions} weekly actions, ${counts.events} events, ${counts.zips} ZIP codes, ${counts.settings} settings`,
  );
} catch (error) {
  console.error(`✗ seeding failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
