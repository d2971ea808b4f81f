// Dependencies point one way (decision 091). Fails when:
//   - a web feature imports another web feature (compose them in web/app instead);
//   - worker/platform imports a Worker feature;
//   - a Worker module other than the entry (worker/index.ts) imports worker/app.ts;
//   - Worker feature folders import each other in a cycle.
// What a path pattern can say (web/ never imports the Worker, contract/ imports neither half) is the linter's:
// biome.json's noRestrictedImports overrides (decision 204).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SPEC = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function* walk(dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(rel);
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) yield rel;
  }
}

/** Relative imports of a file, as repository paths without extension. */
function importsOf(file) {
  const source = readFileSync(path.join(root, file), "utf8").replace(/^\s*\/\/.*$/gm, "");
  const out = [];
  for (const [, spec] of source.matchAll(SPEC)) {
    if (!spec.startsWith(".")) continue;
    out.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.(ts|tsx)$/, ""));
  }
  return out;
}

const featureOf = (side, file) => {
  const match = file.match(new RegExp(`^${side}/features/([^/]+)/`));
  return match?.[1] ?? null;
};

const problems = [];

for (const file of walk("web")) {
  const from = featureOf("web", file);
  if (!from) continue;
  for (const target of importsOf(file)) {
    const to = featureOf("web", `${target}/`);
    if (to && to !== from) problems.push(`${file}: web feature "${from}" imports web feature "${to}" (${target})`);
  }
}

const edges = new Map();
for (const file of walk("worker")) {
  const from = featureOf("worker", file);
  for (const target of importsOf(file)) {
    if ((target === "worker/app" || target === "worker/app.ts") && file !== "worker/index.ts") {
      problems.push(`${file}: imports worker/app.ts (only the entry, worker/index.ts, may)`);
    }
    const to = featureOf("worker", `${target}/`);
    if (file.startsWith("worker/platform/") && to) problems.push(`${file}: worker/platform imports feature "${to}"`);
    if (from && to && from !== to) {
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, file);
    }
  }
}

// Cycles between Worker feature folders: any feature that can reach itself.
const reported = new Set();
for (const start of edges.keys()) {
  const stack = [[start, [start]]];
  const seen = new Set();
  while (stack.length) {
    const [node, trail] = stack.pop();
    for (const next of edges.get(node)?.keys() ?? []) {
      if (next === start) {
        const key = [...trail].sort().join(",");
        if (!reported.has(key)) {
          reported.add(key);
          const via = trail.map(
            (f, i) => `${f} → ${trail[i + 1] ?? start} (${edges.get(f).get(trail[i + 1] ?? start)})`,
          );
          problems.push(`Worker features import each other in a cycle:\n    ${via.join("\n    ")}`);
        }
      } else if (!seen.has(next)) {
        seen.add(next);
        stack.push([next, [...trail, next]]);
      }
    }
  }
}

if (problems.length) {
  console.error(`Dependency direction (decision 091): ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(
  "imports point one way: no cross-feature web imports, no platform → feature, no app.ts imports, no feature cycles",
);
