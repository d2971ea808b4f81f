// Subscribers admin at 100,000 subscribers (issue 16): seeds a fresh local D1 with N subscribers and
// two weekly campaigns' ledgers (2N delivery rows), signs an admin in through the real magic-link
// flow, and times GET /api/admin/subscribers (first page, a deep keyset page, searches, filters)
// and the background CSV export of the whole list (decision 250), through `wrangler dev`.
//   npm run bench -- subscribers-admin          BENCH_SUBSCRIBERS=10000 for a quick run

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { runSubscriberExport } from "./_export-cost.mjs";
import { cpuMs, fmt, freePort, percentile, startDev, workerdPids, wrangler } from "./_local-worker.mjs";

const N = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const EXPORTS = Number(process.env.BENCH_EXPORTS ?? 3);
const persistDir = mkdtempSync(path.join(tmpdir(), "earthkind-bench-subscribers-"));
const ADMIN = "bench-admin@bench.example";

function d1File() {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite"));
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return path.join(dir, file);
}

/**
 * Generated inside SQLite (a recursive CTE), so 100,000 rows load in seconds. Names come from a
 * small list (searching one is a few thousand matches), ZIPs spread over 1,000 values, a quarter
 * unsubscribed, subscription times one minute apart over the last ~70 days.
 */
function seed() {
  const db = new DatabaseSync(d1File());
  const t0 = performance.now();
  db.exec("BEGIN");
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO subscribers (id, email, first_name, zip_code, active, subscribed_at, unsubscribed_at, manage_token)
     SELECT printf('%08x-0000-4000-8000-%012x', i, i), printf('reader%06d@bench.example', i),
       CASE i % 8 WHEN 0 THEN 'Robin' WHEN 1 THEN 'Juniper' WHEN 2 THEN 'Sage' WHEN 3 THEN 'Ash'
         WHEN 4 THEN 'Willow' WHEN 5 THEN 'Rowan' WHEN 6 THEN 'Hazel' ELSE 'Fern' || (i % 997) END,
       printf('9%04d', (i * 7919) % 10000), CASE WHEN i % 4 = 0 THEN 0 ELSE 1 END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', ? - i)),
       CASE WHEN i % 4 = 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', (? - i) / 2)) END,
       printf('bench-token-%08d', i)
     FROM n`,
  ).run(N, N, N);
  for (const [k, id] of [
    [1, "c0000000-0000-4000-8000-000000000001"],
    [2, "c0000000-0000-4000-8000-000000000002"],
  ]) {
    db.prepare("INSERT INTO email_campaigns (id, kind, status, created_at) VALUES (?, 'weekly', 'completed', ?)").run(
      id,
      new Date(Date.now() - (3 - k) * 7 * 86_400_000).toISOString(),
    );
    db.prepare(
      `INSERT INTO email_deliveries (id, campaign_id, subscriber_id, email, status, updated_at)
       SELECT printf('d%d%07x-0000-4000-8000-000000000000', ?, rowid), ?, id, email, 'sent',
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d days', 7 * (3 - ?)))
       FROM subscribers`,
    ).run(k, id, k);
  }
  db.exec("COMMIT");
  db.close();
  return (performance.now() - t0) / 1000;
}

function outboxLink(to) {
  const db = new DatabaseSync(d1File(), { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  try {
    const row = db.prepare('SELECT text FROM outbox_messages WHERE "to" = ? ORDER BY created_at DESC LIMIT 1').get(to);
    return /\/auth\/verify\?token=([\w-]+)/.exec(row?.text ?? "")?.[1];
  } finally {
    db.close();
  }
}

async function adminToken(url) {
  const res = await fetch(`${url}/api/auth/magic-link`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN }),
  });
  if (!res.ok) throw new Error(`magic link: HTTP ${res.status}`);
  const token = outboxLink(ADMIN);
  if (!token) throw new Error("no sign-in link in the outbox");
  const verified = await fetch(`${url}/api/auth/verify`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const body = await verified.json();
  if (!verified.ok) throw new Error(`verify: HTTP ${verified.status} ${JSON.stringify(body)}`);
  // The account exists once the link is used; the role is read fresh on every admin request.
  const db = new DatabaseSync(d1File());
  db.exec("PRAGMA busy_timeout = 5000");
  db.prepare("UPDATE profiles SET role = 'admin', role_changed_by = 'bench' WHERE email = ?").run(ADMIN);
  db.close();
  return body.session.access_token;
}

async function measure(url, headers, pids, label, query, path = "/api/admin/subscribers") {
  const count = REQUESTS;
  const latencies = [];
  let rows = 0;
  const before = cpuMs(pids);
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}?${query}`, { headers });
    const body = await res.json();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(body)}`);
    rows = body.subscribers?.length ?? 0;
  }
  latencies.sort((a, b) => a - b);
  return {
    label,
    rows,
    median: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpu: (cpuMs(pids) - before) / count,
  };
}

/** The background export (decision 250): start to the file's last byte, and its queue invocations' D1 cost. */
async function measureExport(url, headers, pids, label, query) {
  const times = [];
  let lines = 0;
  let bytes = 0;
  let cost = null;
  const before = cpuMs(pids);
  for (let i = 0; i < EXPORTS; i++) {
    const run = await runSubscriberExport(url, headers, Object.fromEntries(new URLSearchParams(query)), d1File());
    times.push(run.ms);
    lines = run.text.split("\r\n").length - 2; // header and the final newline
    bytes = run.text.length;
    cost = run.cost;
  }
  times.sort((a, b) => a - b);
  return {
    label,
    lines,
    mib: bytes / 1048576,
    median: percentile(times, 50),
    cpu: (cpuMs(pids) - before) / EXPORTS,
    cost,
  };
}

let server;
try {
  if (!existsSync("dist/client/index.html")) {
    console.log("• building the app (the Worker serves the SPA from dist/client)");
    spawnSync("npx", ["vite", "build"], { stdio: "ignore" });
  }
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  console.log(`• seeding ${N.toLocaleString()} subscribers and ${(2 * N).toLocaleString()} ledger rows`);
  console.log(`  seeded in ${fmt(seed())} s`);
  server = await startDev({ persistDir, port: await freePort() });
  const pids = workerdPids(server.pid);
  const headers = { Authorization: `Bearer ${await adminToken(server.url)}` };
  for (let i = 0; i < 10; i++) await fetch(`${server.url}/api/admin/subscribers`, { headers }).then((r) => r.text());

  // A cursor 40 pages (2,000 rows) deep, taken from the API itself.
  let cursor = "";
  for (let i = 0; i < 40; i++) {
    const body = await (
      await fetch(`${server.url}/api/admin/subscribers?${cursor ? `cursor=${cursor}` : ""}`, { headers })
    ).json();
    cursor = encodeURIComponent(body.next_cursor);
  }

  const results = [
    await measure(server.url, headers, pids, "baseline: GET /api/health (one D1 query)", "", "/api/health"),
    await measure(server.url, headers, pids, "first page, all", ""),
    await measure(server.url, headers, pids, "page 41 (keyset cursor)", `cursor=${cursor}`),
    await measure(server.url, headers, pids, "status=unsubscribed", "status=unsubscribed"),
    await measure(server.url, headers, pids, "ZIP prefix 950", "zip=950"),
    await measure(server.url, headers, pids, "search name 'fern12' (rare)", "q=fern12"),
    await measure(server.url, headers, pids, `search name 'robin' (${(N / 8).toLocaleString()} matches)`, "q=robin"),
    await measure(server.url, headers, pids, "search email 'reader0421'", "q=reader0421"),
    await measure(server.url, headers, pids, "search 'sage' + active + ZIP 9", "q=sage&status=active&zip=9"),
  ];
  const exports = [
    await measureExport(server.url, headers, pids, "export all", ""),
    await measureExport(server.url, headers, pids, "export status=active, ZIP 9", "status=active&zip=9"),
    await measureExport(server.url, headers, pids, "export search 'robin'", "q=robin"),
  ];

  console.log(
    `\nGET /api/admin/subscribers over ${N.toLocaleString()} subscribers, ${REQUESTS} sequential requests per case\n`,
  );
  console.log("| case | rows | median ms | p95 ms | CPU ms/request |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of results)
    console.log(`| ${r.label} | ${r.rows} | ${fmt(r.median)} | ${fmt(r.p95)} | ${fmt(r.cpu, 2)} |`);
  console.log(`\nPOST /api/admin/subscribers/exports (background, start to last byte), median of ${EXPORTS}\n`);
  console.log("| case | rows | size MiB | median s | CPU s/export | invocations | queries max/invocation |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const e of exports) {
    console.log(
      `| ${e.label} | ${e.lines} | ${fmt(e.mib, 2)} | ${fmt(e.median / 1000, 2)} | ${fmt(e.cpu / 1000, 2)} | ${e.cost.invocations} | ${e.cost.queriesMax} |`,
    );
  }
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  if (server) console.error(server.log().slice(-3000));
  process.exitCode = 1;
} finally {
  server?.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
