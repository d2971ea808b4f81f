// `npm run test:backup`: proves the backup path end to end on throwaway databases. Seeds a local
// database, exports it with db:export, restores the dump with db:restore into an empty one, and
// checks that both have the same tables with the same row counts. Exits non-zero on any difference.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { rowCounts } from "./d1-backup.mjs";

const work = mkdtempSync(path.join(os.tmpdir(), "earthkind-roundtrip-"));
const source = path.join(work, "source");
const target = path.join(work, "target");

function npm(args) {
  const r = spawnSync("npm", ["run", "--silent", ...args], { encoding: "utf8", env: { ...process.env, CI: "true" } });
  if (r.status !== 0) throw new Error(`npm run ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

try {
  npm(["db:seed:local", "--", "--persist-to", source]);
  const exported = npm(["db:export", "--", "--local", "--persist-to", source]);
  const file = exported.match(/to (backups\/\S+\.sql)/)?.[1];
  if (!file) throw new Error(`db:export did not name its file:\n${exported}`);
  npm(["db:restore", "--", file, "--local", "--persist-to", target]);
  rmSync(file);

  const before = rowCounts(source);
  const after = rowCounts(target);
  const tables = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const diffs = tables.filter((t) => before[t] !== after[t]);
  for (const t of tables) console.log(`  ${before[t] === after[t] ? "✓" : "✗"} ${t}: ${before[t]} → ${after[t]}`);
  if (tables.length === 0 || before.zip_codes === 0) throw new Error("the seeded database is empty");
  if (diffs.length) throw new Error(`row counts differ in ${diffs.join(", ")}`);
  console.log(`✓ backup round trip: ${tables.length} tables, every row count matches`);
} catch (error) {
  console.error(`✗ backup round trip failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
