// `npm run bench -- table-sizes`: bytes per row of the large tables (row + every index), measured on a SQLite
// file built from the project's own migrations, then the database size at 10k / 100k / 1M subscribers after one
// and three years, with and without the ledger's 90-day retention. Figures go in docs/scale.md.
// Runs with the project's Node 22 (node:sqlite): `npm run bench -- table-sizes`.

import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { unstable_splitSqlQuery } from "wrangler";

const ROWS = 20_000;
const root = path.join(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "earthkind-sizes-"));
const db = new DatabaseSync(path.join(dir, "d1.sqlite"));
for (const file of readdirSync(path.join(root, "migrations"))
  .filter((f) => f.endsWith(".sql"))
  .sort()) {
  const sql = readFileSync(path.join(root, "migrations", file), "utf8");
  for (const statement of unstable_splitSqlQuery(sql.replaceAll("--> statement-breakpoint", ""))) {
    try {
      db.exec(statement);
    } catch (error) {
      // Data fixes on an empty database (an UPDATE with a correlated subquery this SQLite reads differently)
      // change nothing here; the schema statements must all apply.
      if (!/^\s*(UPDATE|INSERT|DELETE)/i.test(statement.replace(/^\s*--.*$/gm, ""))) throw error;
    }
  }
}
db.exec("PRAGMA foreign_keys = OFF");

const pages = () => db.prepare("PRAGMA page_count").get().page_count * db.prepare("PRAGMA page_size").get().page_size;
const uuid = (i) => `${i.toString(16).padStart(8, "0")}-7d1a-4e55-9b1f-${(i * 7919).toString(16).padStart(12, "0")}`;
const iso = (i) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();

/** Realistic lengths for the columns that hold most bytes; everything else by its type. */
const typical = {
  email: (i) => `someone.named${i}@gmail.com`,
  first_name: () => "Alexandra",
  title: () => "Beach cleanup at Ocean Beach with the Surfrider chapter",
  description: () => "x".repeat(700),
  venue_name: () => "Ocean Beach, Stairwell 17",
  address: () => "1000 Great Highway, San Francisco, CA 94121",
  registration_url: (i) => `https://www.eventbrite.com/e/beach-cleanup-tickets-${1_000_000 + i}`,
  image_url: (i) => `/media/events/${uuid(i)}.jpg`,
  error: () => null,
  notes: () => null,
  // SHA-256 hex of the token (decision 214), and the AES-GCM box of it (base64url, ~80 characters).
  manage_token_hash: (i) => `${uuid(i)}${uuid(i + 3)}`.replaceAll("-", "").padEnd(64, "0"),
  manage_token_sealed: (i) => `v1.${uuid(i)}${uuid(i + 5)}`.padEnd(80, "x"),
  manage_token: (i) => `${uuid(i)}${uuid(i + 1)}`.replaceAll("-", "").slice(0, 43),
  provider_message_id: (i) => uuid(i + 7),
  zip_code: () => "94110",
  time_zone: () => "America/Los_Angeles",
  external_id: (i) => `eventbrite-${1_000_000 + i}@feeds.example.org`,
  status: () => "sent",
};

function valueFor(column, i) {
  const name = column.name;
  if (typical[name]) return typical[name](i);
  if (name === "id" || name.endsWith("_id")) return uuid(i);
  if (name.endsWith("_at") || name.endsWith("_time") || name.endsWith("_utc")) return column.notnull ? iso(i) : null;
  const type = String(column.type).toUpperCase();
  if (type.includes("INT")) return i % 2;
  if (type.includes("REAL")) return 37.75 + (i % 1000) / 10_000;
  return column.notnull || column.dflt_value === null ? `v${i % 97}` : null;
}

function bytesPerRow(table, overrides = {}) {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all();
  const names = columns.map((c) => c.name);
  const insert = db.prepare(
    `INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
  );
  const before = pages();
  db.exec("BEGIN");
  for (let i = 0; i < ROWS; i++)
    insert.run(...columns.map((c) => (c.name in overrides ? overrides[c.name](i) : valueFor(c, i))));
  db.exec("COMMIT");
  return (pages() - before) / ROWS;
}

const perRow = {
  subscribers: bytesPerRow("subscribers", { active: () => 1 }),
  // The compact ledger (decision 245): one campaign's rows, keys in random order as a real send writes them
  // (subscriber UUIDs are random), settled: lease, send key and note empty.
  email_ledger: bytesPerRow("email_ledger", {
    campaign: () => 7,
    subscriber: () => Buffer.from(randomUUID().replaceAll("-", ""), "hex"),
    wave: (i) => 1 + (i % 6),
    status: () => 1,
    attempts: () => 1,
    claimed_until: () => null,
    send_key: () => null,
    at: (i) => 1_790_000_000 + i,
  }),
  events: bytesPerRow("events", {
    status: () => "approved",
    category: () => "cleanup",
    lat: (i) => 37.7 + (i % 100) / 1000,
    lon: () => -122.4,
  }),
  action_completions: bytesPerRow("action_completions", {
    notes: (i) => (i % 5 === 0 ? "Picked up two bags of litter." : null),
  }),
};
db.close();
rmSync(dir, { recursive: true, force: true });

console.log(`\nBytes per row, row and every index (SQLite pages over ${ROWS.toLocaleString("en-US")} rows)\n`);
console.log("| table | bytes per row |");
console.log("|---|---:|");
for (const [table, bytes] of Object.entries(perRow)) console.log(`| ${table} | ${Math.round(bytes)} |`);
// The ledger before migration 0026 (email_deliveries: text UUID keys, ISO times, four indexes), measured
// the same way on 2026-11-27 and in issue 45: the baseline the compact ledger is chosen against.
console.log("| email_deliveries (before 0026, measured 2026-11-27) | 622 |");

// The model (docs/scale.md): one weekly email per subscriber; a tenth of subscribers are members who record
// one action a week; 50,000 events a year from the sources and submissions, kept.
const WEEKS = 52;
const gb = (bytes) => (bytes / 1e9).toFixed(bytes < 1e8 ? 3 : 2);
console.log("\nDatabase size (GB) by subscribers and years, ledger kept 90 days / kept forever\n");
console.log(
  "| subscribers | after 1 year (90-day ledger) | after 3 years (90-day ledger) | after 3 years (no retention) |",
);
console.log("|---:|---:|---:|---:|");
for (const n of [10_000, 100_000, 1_000_000]) {
  const size = (years, retained) =>
    n * perRow.subscribers +
    n * (retained ? 13 : WEEKS * years) * perRow.email_ledger +
    0.1 * n * WEEKS * years * perRow.action_completions +
    50_000 * years * perRow.events;
  console.log(`| ${n.toLocaleString("en-US")} | ${gb(size(1, true))} | ${gb(size(3, true))} | ${gb(size(3, false))} |`);
}
