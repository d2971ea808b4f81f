// `npm run bench [-- NAME...]`: runs every benchmark case in bench/ (each file but this one is a case
// that runs standalone and prints its figures), or only the named ones. Figures go in the README. Arguments that
// start with `--` go to every case run (`npm run bench -- test-suites --clean-ci`).
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const wanted = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const flags = process.argv.slice(2).filter((a) => a.startsWith("--"));
const cases = readdirSync(dir)
  .filter((f) => /\.(mjs|ts)$/.test(f) && f !== "run.mjs" && !f.startsWith("_"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));

if (cases.length === 0) {
  console.log(wanted.length ? `No benchmark matches ${wanted.join(", ")}` : "No benchmark cases yet.");
}
let failed = 0;
for (const file of cases) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, [path.join(dir, file), ...flags], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
