// `npm run bench -- test-suites [--no-e2e] [--clean-ci]`: wall time of `npm test` and of the browser suite
// (`npm run test:e2e -- --no-build`, after npm test's build) in this checkout, each with the machine's load
// average before and after; with `--clean-ci`, also `bash .ci/run` (CI=true, no stdin) in a fresh clone of HEAD
// in a temporary directory (npm install included: slow). Compare with the figures in bench/README.md
// ("Test suites"); on a shared machine, a figure is only as good as the load beside it.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dirname, "..");
const args = new Set(process.argv.slice(2));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/** Runs a command with its output shown and kept; resolves with wall seconds, exit code and output. */
function timed(label, command, commandArgs, options = {}) {
  return new Promise((resolve) => {
    const before = load();
    const started = performance.now();
    console.log(`\n--- ${label}: ${command} ${commandArgs.join(" ")} (load ${before})`);
    const child = spawn(command, commandArgs, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output += chunk;
        process.stdout.write(chunk);
      });
    }
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000;
      resolve({ label, seconds, code, loadBefore: before, loadAfter: load(), output });
    });
  });
}

/** The summary lines of every vitest and Playwright run in an output (files, tests, durations). */
const summary = (output) =>
  output
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the reporters' colour codes
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => /^\s*(Test Files|Tests|Duration)\s|^\s*\d+ (passed|failed|flaky|skipped)\b/.test(line))
    .map((line) => line.trim());

const runs = [];
runs.push(await timed("npm test", "npm", ["test"], { cwd: root }));
if (!args.has("--no-e2e")) {
  runs.push(await timed("browser suite", "npm", ["run", "test:e2e", "--", "--no-build"], { cwd: root }));
}
if (args.has("--clean-ci")) {
  const dir = mkdtempSync(path.join(tmpdir(), "earthkind-ci-"));
  try {
    const clone = spawnSync("git", ["clone", "--quiet", root, dir], { stdio: "inherit" });
    if (clone.status !== 0) throw new Error("git clone failed");
    runs.push(
      await timed("clean clone: bash .ci/run", "bash", [".ci/run"], { cwd: dir, env: { ...process.env, CI: "true" } }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
console.log(`\n=== test suites, ${new Date().toISOString()}, commit ${head}, ${cpus().length} cores ===`);
console.log("| run | wall | exit | load before (1/5/15 min) | load after |");
console.log("| --- | ---: | ---: | --- | --- |");
for (const r of runs) {
  const wall = `${Math.floor(r.seconds / 60)} min ${Math.round(r.seconds % 60)} s`;
  console.log(`| ${r.label} | ${wall} | ${r.code} | ${r.loadBefore} | ${r.loadAfter} |`);
}
for (const r of runs) {
  const lines = summary(r.output);
  if (lines.length) console.log(`\n${r.label}:\n  ${lines.join("\n  ")}`);
}

// Kept beside the other benchmarks' raw results (git-ignored).
const results = path.join(root, "bench", "results");
mkdirSync(results, { recursive: true });
const file = path.join(results, `test-suites-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(
  file,
  JSON.stringify(
    runs.map(({ output, ...r }) => ({ ...r, summary: summary(output) })),
    null,
    2,
  ),
);
console.log(`\nraw figures: ${path.relative(root, file)}`);
process.exit(runs.every((r) => r.code === 0) ? 0 : 1);
