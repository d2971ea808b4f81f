// Fails when package-lock.json holds more than one version of wrangler or workerd: dev
// (Vite plugin), tests (vitest plugin) and `npm start` must run the same Workers runtime (decision 092).
// miniflare may differ: each Cloudflare plugin is built against its own miniflare API; all of them drive
// the one workerd.
import { readFileSync } from "node:fs";

const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
const versions = new Map();
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
  if (!["wrangler", "workerd"].includes(name) || !path) continue;
  if (!versions.has(name)) versions.set(name, new Map());
  versions.get(name).set(entry.version, [...(versions.get(name).get(entry.version) ?? []), path]);
}

let failed = false;
for (const [name, byVersion] of versions) {
  if (byVersion.size > 1) {
    failed = true;
    console.error(`package-lock.json holds ${byVersion.size} versions of ${name}:`);
    for (const [version, paths] of byVersion) console.error(`  ${version}: ${paths.join(", ")}`);
  }
}
if (failed) {
  console.error('Align them (package.json "overrides") so dev, tests and start run one workerd.');
  process.exit(1);
}
console.log(`one runtime: ${[...versions].map(([n, v]) => `${n} ${[...v.keys()][0]}`).join(", ")}`);
