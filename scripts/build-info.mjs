// The build's identity, compiled into the Worker by Vite's `define` (vite.config.ts, vitest.config.ts)
// and shown on /api/health and /admin/status. Version and commit only: nothing secret goes in here.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

function gitCommit() {
  // CI systems name the commit in the environment; a local build asks git.
  const fromEnv = process.env.GIT_COMMIT ?? process.env.WORKERS_CI_COMMIT_SHA ?? process.env.GITHUB_SHA;
  if (fromEnv) return fromEnv.slice(0, 12);
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

export function buildInfo() {
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return { version, commit: gitCommit(), builtAt: new Date().toISOString() };
}

/** The API reference renderer's version (vite.api-reference.ts): its file's name on our origin carries it. */
export function apiReferenceVersion() {
  const file = new URL("../node_modules/@scalar/api-reference/package.json", import.meta.url);
  return JSON.parse(readFileSync(file, "utf8")).version;
}

/** The `define` entries for Vite: each literal replaces its identifier at build time. */
export const buildDefine = () => ({
  __EARTHKIND_BUILD__: JSON.stringify(buildInfo()),
  __API_REFERENCE_VERSION__: JSON.stringify(apiReferenceVersion()),
});
