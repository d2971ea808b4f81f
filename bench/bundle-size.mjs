// Initial JavaScript of public pages: the entry script plus every chunk index.html preloads, gzipped,
// against the 120 KB budget (ARCHITECTURE.md §10). Also proves no admin chunk is in that set.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 120;
const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "dist", "client");

if (!existsSync(path.join(client, "index.html")) || process.argv.includes("--build")) {
  const build = spawnSync("npx", ["vite", "build"], { cwd: root, stdio: "ignore" });
  if (build.status !== 0) throw new Error("vite build failed");
}

const html = readFileSync(path.join(client, "index.html"), "utf8");
const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const css = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(path.join(client, file))).length / 1024;

let total = 0;
console.log("Initial JS of public pages (gzip):");
for (const file of scripts) {
  const kb = gz(file);
  total += kb;
  console.log(`  ${file.padEnd(45)} ${kb.toFixed(1).padStart(6)} KB`);
}
console.log(`  ${"total".padEnd(45)} ${total.toFixed(1).padStart(6)} KB   (budget ${BUDGET_KB} KB)`);
for (const file of css) console.log(`  CSS ${file.padEnd(41)} ${gz(file).toFixed(1).padStart(6)} KB`);

const admin = scripts.filter((f) => /admin/i.test(f));
if (admin.length) console.log(`  ✗ admin code in the initial load: ${admin.join(", ")}`);
if (total > BUDGET_KB || admin.length) process.exit(1);
