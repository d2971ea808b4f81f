// Weekly fan-out benchmark: seeds N local subscribers (default 100,000) and one due weekly action, starts
// `wrangler dev` on a free port with a temporary persist dir, fires the cron tick and lets the real queue
// and consumer send the campaign through the `outbox` provider. Reports total time, messages/s, the peak
// memory of the workerd process that runs the consumer, and the exactly-once check.
//   node bench/email-fanout.mjs            (or `npm run bench -- email`)
//   BENCH_SUBSCRIBERS=5000 node bench/email-fanout.mjs
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { DEV_VARS, freePort, startDev } from "../scripts/local-env.mjs";

const N = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30 * 60_000);
const root = path.resolve(import.meta.dirname, "..");
const persistDir = mkdtempSync(path.join(tmpdir(), "earthkind-bench-"));
const env = { ...process.env, CI: "true" };

function wrangler(args) {
  const r = spawnSync("npx", ["wrangler", ...args], { cwd: root, encoding: "utf8", env });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stderr || r.stdout}`);
}

/** The local D1 file miniflare keeps under the persist dir (one database: DB). */
function d1File() {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite"));
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return path.join(dir, file);
}

/** The site's calendar day in Los Angeles, shifted by `days`. */
function siteDay(days) {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(d);
}

function seed() {
  const db = new DatabaseSync(d1File());
  const started = performance.now();
  db.exec("BEGIN");
  const insert = db.prepare(
    "INSERT INTO subscribers (id, email, first_name, zip_code, active, manage_token) VALUES (?, ?, ?, ?, 1, ?)",
  );
  for (let i = 0; i < N; i++) {
    insert.run(
      randomUUID(),
      `reader${i}@bench.example`,
      `Reader ${i}`,
      i % 3 === 0 ? "97201" : null,
      randomBytes(32).toString("base64url"),
    );
  }
  // Due now: started yesterday (09:00 Pacific has passed), runs for the week.
  db.prepare(
    `INSERT INTO weekly_actions (id, title, slug, start_date, end_date, summary, steps, materials, time_required, status, schedule_send)
     VALUES (?, 'Plant native wildflowers for local pollinators', 'bench-wildflowers', ?, ?, ?, ?, ?, '30-45 minutes', 'published', 1)`,
  ).run(
    randomUUID(),
    siteDay(-1),
    siteDay(5),
    "Native flowers feed bees, butterflies and birds. Plant a small patch this week.",
    JSON.stringify(["Pick a sunny spot", "Loosen the soil", "Scatter the seeds and water gently"]),
    JSON.stringify(["Native wildflower seeds", "A small area of soil", "Basic gardening tools"]),
  );
  db.exec("COMMIT");
  db.close();
  return performance.now() - started;
}

/** Read-only peeks at the running instance's database (SQLite allows a concurrent reader). */
function query(sql, ...params) {
  const db = new DatabaseSync(d1File(), { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  try {
    return db.prepare(sql).get(...params);
  } finally {
    db.close();
  }
}

/** workerd processes started by this wrangler (the runtime that runs fetch, cron and the queue consumer). */
function workerdPids(rootPid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(Number(entry), ppid);
    } catch {}
  }
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of children) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree].filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd";
    } catch {
      return false;
    }
  });
}

function memoryKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

let server;
const stop = () => {
  server?.stop();
  rmSync(persistDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

let code = 1;
try {
  console.log(`• ${N.toLocaleString("en-US")} subscribers, persist dir ${persistDir}`);
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  console.log(`• seeded in ${(seed() / 1000).toFixed(1)} s`);
  // wrangler dev serves the build (dist/, via the Vite plugin's redirected config): build it if missing.
  if (!existsSync(path.join(root, "dist", "earthkind", "wrangler.json"))) {
    const build = spawnSync("npx", ["vite", "build"], { cwd: root, stdio: "inherit", env });
    if (build.status !== 0) throw new Error("vite build failed");
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = await startDev({
    persistDir,
    port,
    testScheduled: true,
    timeoutMs: 90_000,
    vars: { ...DEV_VARS, SITE_URL: base },
  });
  const pids = workerdPids(server.pid);
  const baseline = pids.reduce((s, p) => s + memoryKb(p).rss, 0);
  console.log(`• wrangler dev on ${base}; workerd pid(s) ${pids.join(", ")}, RSS before the send ${mb(baseline)}`);

  const t0 = performance.now();
  // wrangler dev's cron trigger endpoint; older wranglers (no redirected Vite config) use /__scheduled.
  // The tick's time is 09:00 UTC today (01:00/02:00 Pacific): the action (started yesterday) is due, and
  // the daily ingestion slot (04:00 Pacific) is not, so no ingestion runs alongside the measurement.
  const cron = encodeURIComponent("*/5 * * * *");
  const time = Date.parse(`${siteDay(0)}T09:00:00Z`);
  let tick = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${cron}&time=${time}`);
  if (tick.status === 404) tick = await fetch(`${base}/__scheduled?cron=${cron}&time=${time}`);
  if (!tick.ok) throw new Error(`cron tick answered ${tick.status}`);

  let peakRss = baseline;
  let campaign;
  let lastPrint = 0;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    peakRss = Math.max(
      peakRss,
      pids.reduce((s, p) => s + memoryKb(p).rss, 0),
    );
    campaign = query(
      "SELECT id, status, total_recipients AS total, sent_count AS sent, failed_count AS failed, skipped_count AS skipped, fanout_done_at AS fanoutDone FROM email_campaigns WHERE kind = 'weekly' ORDER BY created_at DESC LIMIT 1",
    );
    const elapsed = (performance.now() - t0) / 1000;
    if (campaign && elapsed - lastPrint >= 15) {
      lastPrint = elapsed;
      console.log(
        `  ${elapsed.toFixed(0)} s: ${campaign.status}, enqueued ${campaign.total}, sent ${campaign.sent}, failed ${campaign.failed}`,
      );
    }
    if (campaign?.status === "completed" || campaign?.status === "failed") break;
    if (performance.now() - t0 > TIMEOUT_MS)
      throw new Error(`not completed within ${TIMEOUT_MS / 60_000} min: ${JSON.stringify(campaign)}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  const hwm = pids.reduce((s, p) => s + memoryKb(p).hwm, 0);

  const ledger = query(
    `SELECT count(*) AS rows, count(DISTINCT subscriber_id) AS people, sum(status = 'sent') AS sent
     FROM email_deliveries WHERE campaign_id = ?`,
    campaign.id,
  );
  const outbox = query(
    `SELECT count(*) AS messages, count(DISTINCT "to") AS recipients FROM outbox_messages WHERE idempotency_key LIKE ?`,
    `${campaign.id}:%`,
  );
  const duplicates = outbox.messages - outbox.recipients + (ledger.rows - ledger.people);
  const exact =
    campaign.status === "completed" &&
    ledger.sent === N &&
    outbox.messages === N &&
    outbox.recipients === N &&
    duplicates === 0;

  console.log("\nEmail fan-out (outbox provider, local wrangler dev)");
  console.log(`  subscribers            ${N.toLocaleString("en-US")}`);
  console.log(`  total time             ${seconds.toFixed(1)} s (cron tick to campaign completed)`);
  console.log(`  throughput             ${(N / seconds).toFixed(0)} messages/s`);
  console.log(
    `  workerd RSS            ${mb(baseline)} before, ${mb(peakRss)} peak sampled, ${mb(hwm)} high-water mark`,
  );
  console.log(`  deliveries (sent)      ${ledger.sent}`);
  console.log(`  outbox messages        ${outbox.messages} to ${outbox.recipients} distinct recipients`);
  console.log(`  duplicates             ${duplicates}`);
  console.log(`  exactly once           ${exact ? "yes" : "NO"}`);
  code = exact ? 0 : 1;
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : err}`);
} finally {
  stop();
}
process.exit(code);
