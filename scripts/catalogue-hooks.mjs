// A Node module hook that resolves `?lingui` catalogue imports as Vite does (scripts/catalogues.mjs), so code that
// imports the Worker's translations runs in plain Node too: the browser tests' email samples, the email benchmarks.
// Registered with `node --import ./scripts/catalogue-hooks.mjs` (tests/e2e/run.mjs passes it in NODE_OPTIONS).
// The catalogue resolves to a `data:` module, not a file: Playwright's own hooks transform every file they load and
// would read the folder as one.
import { register } from "node:module";
import { fileURLToPath } from "node:url";
import { isMainThread } from "node:worker_threads";
import { CATALOGUE_QUERY, catalogueModule } from "./catalogues.mjs";

export async function resolve(specifier, context, nextResolve) {
  if (!specifier.endsWith(CATALOGUE_QUERY) || !context.parentURL) return nextResolve(specifier, context);
  const dir = fileURLToPath(new URL(specifier.slice(0, -CATALOGUE_QUERY.length), context.parentURL));
  return { url: `data:text/javascript,${encodeURIComponent(catalogueModule(dir))}`, shortCircuit: true };
}

// Imported as a program's `--import`, the file registers itself; loaded again in Node's hooks thread, it only exports.
if (isMainThread) register(import.meta.url);
