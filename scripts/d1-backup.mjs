// Shared by db:export, db:restore and the backup round trip: wrangler's D1 export and import.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const BACKUP_DIR = "backups";

/** Runs wrangler non-interactively; returns stdout, or throws with its output when it fails. */
export function wrangler(args) {
  const result = spawnSync("npx", ["wrangler", ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: "true" },
  });
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** `backups/earthkind-local-2026-11-23T09-05-00Z.sql`: sortable, and says where it came from. */
export function datedBackupPath(where, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  return path.join(BACKUP_DIR, `earthkind-${where}-${stamp}.sql`);
}

/**
 * `wrangler d1 export --local` has no --persist-to: it reads `.wrangler/state` beside the config
 * file. For another persist dir, a throwaway copy of wrangler.toml sits in a temp dir whose
 * `.wrangler/state` links to it (paths in the copy are made absolute).
 */
export function configFor(persistDir) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "earthkind-d1-"));
  mkdirSync(path.join(dir, ".wrangler"));
  symlinkSync(path.resolve(persistDir), path.join(dir, ".wrangler", "state"));
  const toml = readFileSync("wrangler.toml", "utf8")
    .replace(/^main = "(.+)"$/m, (_, p) => `main = "${path.resolve(p)}"`)
    .replace(/^migrations_dir = "(.+)"$/m, (_, p) => `migrations_dir = "${path.resolve(p)}"`)
    .replace(/^directory = "(.+)"$/m, (_, p) => `directory = "${path.resolve(p)}"`);
  const configPath = path.join(dir, "wrangler.toml");
  writeFileSync(configPath, toml);
  return configPath;
}

export function exportDatabase({ remote, persistDir, output }) {
  mkdirSync(path.dirname(output), { recursive: true });
  const args = ["d1", "export", "DB", remote ? "--remote" : "--local", "--output", output, "--skip-confirmation"];
  if (!remote && persistDir) args.push("-c", configFor(persistDir));
  wrangler(args);
  return output;
}

/** Runs SQL against a local D1 and returns the rows of the last statement. */
export function localQuery(sql, persistDir) {
  const out = wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql]);
  return JSON.parse(out).at(-1)?.results ?? [];
}

/** Every table's row count (D1's and SQLite's internal tables aside), by table name. */
export function rowCounts(persistDir) {
  const tables = localQuery(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name",
    persistDir,
  ).map((r) => r.name);
  if (!tables.length) return {};
  const [row] = localQuery(
    `SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(", ")}`,
    persistDir,
  );
  return row;
}
