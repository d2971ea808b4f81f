// `npm run bench [-- NAME...]`: runs every benchmark case in bench/ (each file but this one is a case
// that runs standalone and prints its figures), or only the named ones. Figures go in the README.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const cases = readdirSync(dir)
  .filter((f) => /\.(mjs|ts)$/.test(f) && f !== "run.mjs" && !f.startsWith("_"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));

if (cases.length === 0) {
  console.log(wanted.length ? `No benchmark matches ${wanted.join(", ")}` : "No benchmark cases yet.");
}
let failed = 0;
for (const file of cases) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, [path.join(dir, file)], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
