// `npm run db:zips -- --remote | --local [--persist-to DIR]`: loads the US ZIP-code table (reference data the
// events search needs) into the D1 database: the seed's own statements for it, idempotent (existing rows are
// updated), so running it again after a data update is safe.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSeedStatements } from "../db/seed/seed-statements.ts";
import { loadZipRows } from "../db/seed/zip-rows.ts";

const args = process.argv.slice(2);
const where = args.includes("--remote") ? "--remote" : args.includes("--local") ? "--local" : null;
if (!where) {
  console.error("usage: npm run db:zips -- --remote | --local [--persist-to DIR]");
  process.exit(2);
}
const zipRows = loadZipRows();
const statements = buildSeedStatements({ today: "2000-01-03", zipRows }).filter((s) =>
  s.startsWith("INSERT INTO zip_codes"),
);
const file = path.join(".wrangler", "zip-codes.sql");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, `${statements.join("\n")}\n`);
console.log(`• ${zipRows.length.toLocaleString("en-US")} ZIP codes in ${statements.length} statements (${file})`);
const persist = args.includes("--persist-to") ? ["--persist-to", args[args.indexOf("--persist-to") + 1]] : [];
const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", where, ...persist, "--file", file, "--yes"], {
  stdio: "inherit",
  env: { ...process.env, CI: "true" },
});
process.exit(result.status ?? 1);
