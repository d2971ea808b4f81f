// Events search over 100,000 events in a local D1 (ARCHITECTURE.md §10: every case within 2× the
// latency of GET /api/health in the same run). Loads every US ZIP and 100,000 generated events into a
// fresh local database, starts the Worker with `wrangler dev`, and times GET /api/events for a dense
// ZIP (Portland, many matches) and a sparse one (rural Montana), filtered (category, keyword) and paged
// (the second page through `cursor`). Exits non-zero when a case's median is over the budget (each case's
// requests alternate with health checks, whose median is the case's own baseline). CPU is
// the workerd process's user+system time per request, read from /proc: it includes the local D1's
// SQLite work, which in production runs outside the Worker, so it is an upper bound of billed CPU.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadZipRows } from "../db/seed/zip-rows.ts";
import { DEV_VARS } from "../scripts/dev-vars.mjs";
import { cpuMs, fmt, freePort, percentile, startDev, workerdPids, wrangler } from "./_local-worker.mjs";
import { mulberry32 } from "./_random.mjs";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const DENSE_ZIP = "97201"; // Portland, OR: a metro cluster
const SPARSE_ZIP = "59301"; // Miles City, MT: a few events within 25 miles
const METROS = ["97201", "94103", "10001", "80202", "60601", "98101"];
// Title words for the keyword cases: "wetland" is in 1 title of 11; "salamander" in 1 of 97, so a
// search for it reads every candidate's text (the keyword's worst case).
const THEMES = [
  "Beach",
  "River",
  "Forest",
  "Prairie",
  "Wetland",
  "Mountain",
  "Urban",
  "Desert",
  "Lake",
  "Coastal",
  "Meadow",
];
const theme = (i) => (i % 97 === 0 ? "Salamander" : THEMES[i % THEMES.length]);
const BUDGET_RATIO = 2;

const lit = (v) =>
  v === null || v === undefined
    ? "NULL"
    : typeof v === "number"
      ? String(v)
      : typeof v === "boolean"
        ? v
          ? "1"
          : "0"
        : `'${String(v).replaceAll("'", "''")}'`;

function inserts(table, columns, rows, perStatement) {
  const out = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((r) => `(${r.map(lit).join(",")})`);
    out.push(`INSERT INTO ${table} (${columns.join(",")}) VALUES\n${values.join(",\n")};`);
  }
  return out;
}

function buildData() {
  const zips = loadZipRows();
  const byZip = new Map(zips.map((z) => [z.zip, z]));
  const rand = mulberry32(42);
  const now = Date.now();
  const categories = ["cleanup", "forest_restoration", "wildlife", "oceans", "climate_action", "education"];
  const rows = [];
  for (let i = 0; i < EVENTS; i++) {
    // A fifth of the events cluster around the seeded metros; the rest follow where ZIPs are.
    const clustered = rand() < 0.2;
    const base = clustered ? byZip.get(METROS[i % METROS.length]) : zips[Math.floor(rand() * zips.length)];
    const spread = clustered ? 0.6 : 0.08; // degrees
    const virtual = rand() < 0.03;
    const lat = base.lat + (rand() - 0.5) * 2 * spread;
    const lon = base.lon + (rand() - 0.5) * 2 * spread;
    const start = new Date(now + (rand() * 375 - 10) * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const end = new Date(start.getTime() + (1 + Math.floor(rand() * 4)) * 3_600_000);
    rows.push([
      `bench-${i}`,
      "bench",
      `bench-${i}`,
      `Bench event ${i}: ${theme(i)} ${categories[i % 6].replace("_", " ")} day`,
      "A generated event for the search benchmark, with a description of typical length for a listing.",
      "Community Center",
      base.city,
      base.state,
      base.zip,
      virtual ? null : lat,
      virtual ? null : lon,
      start.toISOString(),
      end.toISOString(),
      false,
      false,
      "https://example.org/register",
      virtual,
      rand() < 0.95 ? "approved" : "pending",
      categories[i % 6],
    ]);
  }
  const eventCols = [
    "id",
    "source_key",
    "external_id",
    "title",
    "description",
    "venue_name",
    "city",
    "state",
    "postal_code",
    "lat",
    "lon",
    "start_at_utc",
    "end_at_utc",
    "all_day",
    "end_time_unknown",
    "registration_url",
    "is_virtual",
    "status",
    "category",
  ];
  return [
    ...inserts(
      "zip_codes",
      ["zip", "lat", "lon", "city", "state"],
      zips.map((z) => [z.zip, z.lat, z.lon, z.city, z.state]),
      1000,
    ),
    ...inserts("events", eventCols, rows, 250),
  ];
}

/** The first page's next_cursor, so a case can time the second page. */
async function secondPage(url, query) {
  const body = await (await fetch(`${url}/api/events?${query}`)).json();
  if (!body.next_cursor) throw new Error(`no second page for ${query}`);
  return `${query}&cursor=${encodeURIComponent(body.next_cursor)}`;
}

async function timed(url) {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  return { ms: performance.now() - t0, res, body };
}

/**
 * A case's requests alternate with health checks, so both see the same load: on a shared machine the
 * load drifts within a run, and the budget is a ratio to the health check. CPU is the workerd
 * process's time over the loop less the health checks' share (measured alone first).
 */
async function measure(url, pids, label, query, healthCpu, path = "/api/events") {
  const latencies = [];
  const health = [];
  let count = 0;
  let fallback = 0;
  let total = "";
  // D1 queries of the request, as the limit checker counts them (D1_LIMITS=enforce, decision 178).
  let queries = 0;
  const cpuBefore = cpuMs(pids);
  for (let i = 0; i < REQUESTS; i++) {
    if (healthCpu !== undefined) health.push((await timed(`${url}/api/health`)).ms);
    const { ms, res, body } = await timed(`${url}${path}?${query}`);
    latencies.push(ms);
    queries = Math.max(queries, Number(res.headers.get("X-D1-Queries") ?? Number.NaN));
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(body)}`);
    count = body.events?.length ?? 0;
    fallback = body.events?.filter((e) => e.is_fallback).length ?? 0;
    total = body.total === undefined ? "" : `${body.total.toLocaleString("en-US")}${body.total_capped ? "+" : ""}`;
  }
  const cpu = (cpuMs(pids) - cpuBefore) / REQUESTS - (healthCpu ?? 0);
  latencies.sort((a, b) => a - b);
  health.sort((a, b) => a - b);
  const median = percentile(latencies, 50);
  const healthMedian = health.length ? percentile(health, 50) : median;
  return {
    label,
    median,
    p95: percentile(latencies, 95),
    healthMedian,
    ratio: median / healthMedian,
    cpu,
    count,
    fallback,
    total,
    queries,
  };
}

// For trying a change quickly: BENCH_DB_DIR keeps the loaded database between runs (loaded when the
// folder is new; migrations are always applied), and BENCH_CASES (a regular expression) picks cases.
const keptDir = process.env.BENCH_DB_DIR;
const persistDir = keptDir ?? mkdtempSync(path.join(tmpdir(), "earthkind-bench-search-"));
const picked = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES) : null;
let server;
try {
  // Always: `wrangler dev` runs the built Worker (dist/), so an old build would time old code.
  console.log("• building the app");
  if (spawnSync("npx", ["vite", "build"], { stdio: "ignore" }).status !== 0) throw new Error("vite build failed");
  const load = !keptDir || !existsSync(path.join(persistDir, "bench.sql"));
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  if (load) {
    console.log(`• loading ${EVENTS.toLocaleString()} events and every US ZIP into a fresh local D1`);
    const t0 = performance.now();
    const sqlFile = path.join(persistDir, "bench.sql");
    mkdirSync(persistDir, { recursive: true });
    writeFileSync(sqlFile, buildData().join("\n"));
    wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", sqlFile]);
    console.log(`  loaded in ${fmt((performance.now() - t0) / 1000)} s`);
  }

  server = await startDev({ persistDir, port: await freePort(), readyPath: "/api/health", vars: DEV_VARS });
  const pids = workerdPids(server.pid);
  if (!pids.length) throw new Error("could not find the workerd process");
  // Warm up: the first requests compile code and fill SQLite's page cache.
  for (let i = 0; i < 30; i++) await fetch(`${server.url}/api/events?zip=${DENSE_ZIP}`).then((r) => r.text());

  const week = () => {
    const start = new Date();
    const end = new Date(start.getTime() + 7 * 86_400_000);
    return `start=${encodeURIComponent(start.toISOString())}&end=${encodeURIComponent(end.toISOString())}`;
  };
  const dense = `zip=${DENSE_ZIP}&radius=25&limit=20`;
  const dense100 = `zip=${DENSE_ZIP}&radius=100&limit=50&include_online=true`;
  const cases = [
    ["dense ZIP 97201, 25 mi, this week", `${dense}&${week()}`],
    ["dense ZIP 97201, 25 mi, all upcoming", dense],
    ["dense ZIP 97201, 100 mi, all upcoming + online", dense100],
    ["sparse ZIP 59301, 25 mi, this week", `zip=${SPARSE_ZIP}&radius=25&limit=20&${week()}`],
    ["sparse ZIP 59301, 25 mi, all upcoming", `zip=${SPARSE_ZIP}&radius=25&limit=20`],
    ["no ZIP (home teaser), limit 3", "radius=25&limit=3"],
    ["dense 25 mi, category wildlife", `${dense}&category=wildlife`],
    ["dense 25 mi, keyword 'wetland'", `${dense}&q=wetland`],
    [
      "dense 100 mi + online, categories oceans + cleanup, keyword 'river'",
      `${dense100}&category=oceans&category=cleanup&q=river`,
    ],
    ["dense 100 mi + online, keyword 'salamander' (rare)", `${dense100}&q=salamander`],
    ["dense 25 mi, second page (cursor)", await secondPage(server.url, dense)],
    ["dense 100 mi + online, second page (cursor)", await secondPage(server.url, dense100)],
    [
      "dense 25 mi, category education, second page (cursor)",
      await secondPage(server.url, `${dense}&category=education`),
    ],
    ["sparse ZIP 59301, 5 mi, keyword 'lake' (statewide fallback)", `zip=${SPARSE_ZIP}&radius=5&limit=20&q=lake`],
    [
      "sparse ZIP 59301, 5 mi, keyword 'lake', second page (statewide)",
      await secondPage(server.url, `zip=${SPARSE_ZIP}&radius=5&limit=20&q=lake`),
    ],
  ];
  const baseline = await measure(
    server.url,
    pids,
    "baseline: GET /api/health (one D1 query)",
    "",
    undefined,
    "/api/health",
  );
  const results = [baseline];
  for (const [label, query] of cases.filter(([label]) => !picked || picked.test(label)))
    results.push(await measure(server.url, pids, label, query, baseline.cpu));

  console.log(`\nGET /api/events over ${EVENTS.toLocaleString()} events, ${REQUESTS} sequential requests per case\n`);
  console.log(
    "| case | results (statewide) | total | median ms | p95 ms | health median ms (interleaved) | × health | CPU ms/request | D1 queries |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const n = r.fallback ? `${r.count} (${r.fallback})` : String(r.count);
    console.log(
      `| ${r.label} | ${n} | ${r.total} | ${fmt(r.median)} | ${fmt(r.p95)} | ${fmt(r.healthMedian)} | ${fmt(r.ratio, 2)} | ${fmt(r.cpu, 2)} | ${r.queries} |`,
    );
  }
  console.log("\nCPU: workerd user+system time per request, local D1 included (an upper bound of Worker CPU);");
  console.log("for the search cases, less the health check's CPU measured alone.");
  const over = results.filter((r) => r.ratio > BUDGET_RATIO);
  if (over.length > 0) {
    console.error(
      `✗ over ${BUDGET_RATIO}× the interleaved health check's median: ${over.map((r) => r.label).join("; ")}`,
    );
    process.exitCode = 1;
  } else {
    console.log(`✓ every case within ${BUDGET_RATIO}× the health check's median measured beside it`);
  }
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  if (server) console.error(server.log().slice(-3000));
  process.exitCode = 1;
} finally {
  server?.stop();
  if (!keptDir) rmSync(persistDir, { recursive: true, force: true });
}
