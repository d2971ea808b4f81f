// Shared by the local scripts: where local state lives and how to run wrangler against it.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

export const DEFAULT_PERSIST_DIR = ".wrangler/state";

/** `--persist-to DIR` from argv, else the default shared by `npm start`, `npm run dev` and the scripts. */
export function persistDirFromArgs(argv = process.argv) {
  const i = argv.indexOf("--persist-to");
  return i >= 0 && argv[i + 1] ? argv[i + 1] : DEFAULT_PERSIST_DIR;
}

/** Runs a command, streaming its output; exits the script if it fails. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, {
    stdio: "inherit",
    ...options,
    env: { ...process.env, CI: "true", ...options.env },
  });
  if (result.status !== 0) {
    console.error(`✗ ${cmd} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
  return result;
}

/** Runs SQL against the local D1 and returns the rows of the last statement. */
export function d1Query(sql, persistDir) {
  const result = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, CI: "true" } },
  );
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stderr || result.stdout}`);
  const parsed = JSON.parse(result.stdout);
  return parsed.at(-1)?.results ?? [];
}

/**
 * Local secrets live in .dev.vars (git-ignored). A random JWT secret is created on first run so a
 * fresh clone works with no manual step, and nothing secret is committed.
 */
export function ensureDevVars() {
  if (existsSync(".dev.vars")) return;
  writeFileSync(".dev.vars", `JWT_SECRET=${randomBytes(32).toString("hex")}\n`);
  console.log("• created .dev.vars with a random local JWT_SECRET");
}
