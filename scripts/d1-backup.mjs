// Shared by db:export, db:restore and the backup round trip: wrangler's D1 export and import.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
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

/** A quoted SQL name ("t", `t`, [t]) as the plain name, lower-cased: SQLite's names ignore case. */
const plainName = (quoted) =>
  quoted
    .replace(/^(["`[])(.*)["`\]]$/s, "$2")
    .replace(/""/g, '"')
    .toLowerCase();
const NAME = String.raw`("(?:[^"]|"")+"|\`[^\`]+\`|\[[^\]]+\]|[\w$]+)`;
const CREATE_TABLE = new RegExp(String.raw`^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}`, "i");
const INSERT_INTO = new RegExp(String.raw`^INSERT\s+INTO\s+${NAME}`, "i");

/**
 * A `wrangler d1 export` dump in an order D1 can load (decision 177). The export writes each table's
 * CREATE TABLE followed by its rows, in the order the tables were created, so `profiles` rows come before
 * the `users` table exists, and D1, which enforces foreign keys, stops at "no such table: main.users".
 * The ordered dump has the dump's PRAGMAs, then every CREATE TABLE, then the rows table by table with
 * each table after the tables it references (`PRAGMA foreign_key_list`, read from the CREATE TABLEs in
 * an in-memory SQLite; views and unique indexes before the rows), then everything else in the dump's order: sqlite_sequence, indexes, triggers
 * (after the rows, so triggers do not fire again for restored rows). A table's reference to itself does
 * not order it: its rows keep the dump's order, and `PRAGMA defer_foreign_keys` (the dump's, or added)
 * covers them (D1 runs the file as one transaction), as it covers tables that reference each other in
 * a cycle.
 * Returns the SQL and the tables in the order their rows are written.
 */
export async function orderDump(sql) {
  const { unstable_splitSqlQuery: split } = await import("wrangler"); // exactly how `d1 execute` splits a file
  const { DatabaseSync } = await import("node:sqlite"); // here, so only a restore prints its experimental warning
  const pragmas = [];
  const creates = [];
  const rows = new Map(); // table -> its INSERTs, tables in the dump's order
  const rest = [];
  for (const statement of split(sql)) {
    const insert = INSERT_INTO.exec(statement);
    const table = insert && plainName(insert[1]);
    if (/^PRAGMA\b/i.test(statement)) pragmas.push(statement);
    else if (CREATE_TABLE.test(statement)) creates.push(statement);
    else if (table && table !== "sqlite_sequence") {
      if (!rows.has(table)) rows.set(table, []);
      rows.get(table).push(statement);
    } else rest.push(statement);
  }

  if (!pragmas.some((p) => /defer_foreign_keys/i.test(p))) pragmas.unshift("PRAGMA defer_foreign_keys=TRUE");

  const schema = new DatabaseSync(":memory:");
  for (const statement of creates) schema.exec(statement);
  const parents = (table) =>
    schema
      .prepare(`SELECT DISTINCT "table" AS parent FROM pragma_foreign_key_list(?)`)
      .all(table)
      .map((r) => plainName(String(r.parent)))
      .filter((parent) => parent !== table && rows.has(parent));
  const waiting = [...rows.keys()];
  const order = [];
  const waitingParent = (t) => parents(t).find((p) => waiting.includes(p));
  while (waiting.length) {
    let next = waiting.find((t) => !waitingParent(t));
    if (!next) {
      // Every table left waits for another: follow the references to a table on a cycle, take it
      // first, and leave its rows' references to the deferred checks.
      const seen = new Set();
      for (next = waiting[0]; !seen.has(next); next = waitingParent(next)) seen.add(next);
    }
    order.push(next);
    waiting.splice(waiting.indexOf(next), 1);
  }
  schema.close();

  // A foreign key may name a column that only a unique index makes a key (email_ledger.campaign →
  // email_campaigns.seq, migration 0026): SQLite refuses a child row with "foreign key mismatch" until
  // that index exists, so unique indexes are built before the rows (the rows already satisfy them).
  // The export writes views after the triggers, but a trigger may be on a view (email_deliveries'
  // INSTEAD OF INSERT), so views come with the tables.
  const early = rest.filter((s) => /^CREATE\s+(UNIQUE\s+INDEX|VIEW)\b/i.test(s));
  const statements = [
    ...pragmas,
    ...creates,
    ...early,
    ...order.flatMap((t) => rows.get(t)),
    ...rest.filter((s) => !early.includes(s)),
  ];

  return { sql: statements.map((s) => `${s};\n`).join(""), order };
}

/** Runs SQL against a local D1 and returns the rows of the last statement. */
export function localQuery(sql, persistDir) {
  const out = wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql]);
  return JSON.parse(out).at(-1)?.results ?? [];
}

/** Runs SQL against the remote D1 database of that name and returns the rows of the last statement. */
export function remoteQuery(sql, database) {
  const out = wrangler(["d1", "execute", database, "--remote", "--json", "--command", sql]);
  return JSON.parse(out).at(-1)?.results ?? [];
}

/** The site's tables in sqlite_master, not SQLite's own (sqlite_*) nor D1's (_cf_*): a WHERE clause. */
export const USER_TABLES = "type = 'table' AND name NOT GLOB 'sqlite_*' AND name NOT GLOB '_cf_*'";

/** Every table's row count (D1's and SQLite's internal tables aside), by table name. */
export function rowCounts(persistDir) {
  const tables = localQuery(`SELECT name FROM sqlite_master WHERE ${USER_TABLES} ORDER BY name`, persistDir).map(
    (r) => r.name,
  );
  if (!tables.length) return {};
  const [row] = localQuery(
    `SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t}") AS "${t}"`).join(", ")}`,
    persistDir,
  );
  return row;
}

/**
 * A SHA-256 of each table's rows by table name (rows as JSON lines, sorted, so their order does not
 * matter): equal digests, equal rows. One wrangler call for all tables.
 */
export function tableDigests(persistDir, tables) {
  const sql = tables.map((t) => `SELECT * FROM "${t}"`).join("; ");
  const out = wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql]);
  const results = JSON.parse(out);
  const digest = (rows) =>
    createHash("sha256")
      .update(
        rows
          .map((row) => JSON.stringify(row))
          .sort()
          .join("\n"),
      )
      .digest("hex");
  return Object.fromEntries(tables.map((t, i) => [t, digest(results[i]?.results ?? [])]));
}
