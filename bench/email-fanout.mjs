// Weekly fan-out benchmark at the provider's ceiling: seeds N local subscribers (default 100,000) spread over
// the US time zones and one weekly action, starts a local fake of Resend's batch API that enforces Resend's
// limits (100 messages per request, 2 requests per second, 429 with retry-after beyond), starts `wrangler dev`
// with MAIL_PROVIDER=resend pointed at the fake, and drives the cron tick (`&time=`) through the Monday: each
// zone's wave goes out at its 09:00 through the real queue and consumer. Reports per wave and in total the
// time, messages/s against the ceiling (200/s), 429 answers and duplicates (the fake counts every address it
// accepted, deduplicating by Idempotency-Key the way Resend does).
// BENCH_CONSUMERS=K runs K consumers at once (K `wrangler dev` instances, each with its own database and a K-th of
// the subscribers, all sending to the one fake): isolates that share no memory, as when Queues scales a consumer
// out. They share one MailPacer Durable Object (decision 208): the first instance hosts it, the others bind to it
// with `script_name` through wrangler's dev registry (kept in a directory of this run's own, so no other local
// session is involved). BENCH_SHARED_PACER=0 leaves each instance its own pacer, as separate accounts would be;
// BENCH_SHARED_PACER=none runs without the binding, each isolate pacing itself (the code's fallback, decision 186).
//   node bench/email-fanout.mjs            (or `npm run bench -- email`)
//   BENCH_SUBSCRIBERS=5000 node bench/email-fanout.mjs
//   BENCH_CONSUMERS=3 node bench/email-fanout.mjs
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { DEV_VARS } from "../scripts/dev-vars.mjs";
import { freePort, memoryMiB, startDev, workerdPids } from "./_local-worker.mjs";

const N = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const CONSUMERS = Math.max(1, Number(process.env.BENCH_CONSUMERS ?? 1));
const WAVE_TIMEOUT_MS = Number(process.env.BENCH_WAVE_TIMEOUT_MS ?? 20 * 60_000);
const root = path.resolve(import.meta.dirname, "..");
const SHARED_PACER = process.env.BENCH_SHARED_PACER !== "0" && process.env.BENCH_SHARED_PACER !== "none";
const NO_PACER = process.env.BENCH_SHARED_PACER === "none";
const persistDirs = Array.from({ length: CONSUMERS }, () => mkdtempSync(path.join(tmpdir(), "earthkind-bench-")));
// The dev registry through which the consumers find the pacer's host: this run's own (wrangler reads the variable).
const registryDir = mkdtempSync(path.join(tmpdir(), "earthkind-bench-registry-"));
process.env.WRANGLER_REGISTRY_PATH = registryDir;
const env = { ...process.env, CI: "true" };
const builtConfig = path.join(root, "dist", "earthkind", "wrangler.json");

/** Resend's documented limits, enforced by the fake. */
const MAX_PER_REQUEST = 100;
const REQUESTS_PER_SECOND = 2;
const CEILING = MAX_PER_REQUEST * REQUESTS_PER_SECOND;

/**
 * The US zones with roughly their share of the population. The week of Sunday 2026-11-29 is sent on
 * Monday 2026-11-30, after the November change: Denver and Phoenix are both UTC-7 that day, so their
 * waves are due at the same instant and share the ceiling.
 */
const ZONES = [
  ["America/New_York", 0.47],
  ["America/Chicago", 0.29],
  ["America/Denver", 0.045],
  ["America/Phoenix", 0.022],
  ["America/Los_Angeles", 0.16],
  ["America/Anchorage", 0.007],
  ["Pacific/Honolulu", 0.006],
];
const WEEK_START = "2026-11-29";
const WEEK_END = "2026-12-05";
const SEND_DAY = "2026-11-30";

/** 09:00 on the send day in `zone`, as epoch ms (Intl offsets, as the Worker computes it). */
function nineAm(zone) {
  const guess = Date.parse(`${SEND_DAY}T09:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute);
  return guess - (asUtc - guess);
}

function wrangler(args) {
  const r = spawnSync("npx", ["wrangler", ...args], { cwd: root, encoding: "utf8", env });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stderr || r.stdout}`);
}

function d1File(persistDir) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite"));
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return path.join(dir, file);
}

/**
 * Consumer `c`'s `n` subscribers in each zone by its share (the first zone takes the rounding); their address
 * names the consumer and the zone.
 */
function seed(persistDir, c, n) {
  const db = new DatabaseSync(d1File(persistDir));
  const started = performance.now();
  const counts = ZONES.map(([, share]) => Math.floor(n * share));
  counts[0] += n - counts.reduce((a, b) => a + b, 0);
  db.exec("BEGIN");
  const insert = db.prepare(
    "INSERT INTO subscribers (id, email, first_name, active, time_zone, manage_token) VALUES (?, ?, ?, 1, ?, ?)",
  );
  let i = 0;
  ZONES.forEach(([zone], z) => {
    for (let k = 0; k < counts[z]; k++, i++)
      insert.run(
        randomUUID(),
        `r${i}.c${c}.z${z}@bench.example`,
        `Reader ${i}`,
        zone,
        randomBytes(32).toString("base64url"),
      );
  });
  db.prepare(
    `INSERT INTO weekly_actions (id, title, slug, start_date, end_date, summary, steps, materials, time_required, status, schedule_send)
     VALUES (?, 'Plant native wildflowers for local pollinators', 'bench-wildflowers', ?, ?, ?, ?, ?, '30-45 minutes', 'published', 1)`,
  ).run(
    randomUUID(),
    WEEK_START,
    WEEK_END,
    "Native flowers feed bees, butterflies and birds. Plant a small patch this week.",
    JSON.stringify(["Pick a sunny spot", "Loosen the soil", "Scatter the seeds and water gently"]),
    JSON.stringify(["Native wildflower seeds", "A small area of soil", "Basic gardening tools"]),
  );
  db.exec("COMMIT");
  db.close();
  return { ms: performance.now() - started, counts };
}

function query(persistDir, sql, ...params) {
  const db = new DatabaseSync(d1File(persistDir), { readOnly: true });
  db.exec("PRAGMA busy_timeout = 5000");
  try {
    return db.prepare(sql).all(...params);
  } finally {
    db.close();
  }
}

/**
 * The fake Resend: POST /emails/batch with a bearer key, ≤ 100 messages, at most 2 accepted requests in any
 * second (a sliding window), 429 + retry-after beyond. Every answer carries the IETF RateLimit headers Resend
 * sends (limit, remaining in the window, seconds to its reset). A repeated Idempotency-Key replays the first
 * answer and delivers nothing again, as Resend does for 24 hours.
 */
function startFakeResend() {
  const accepted = []; // request start times in the last second (ms)
  const acceptedAt = []; // every accepted request's time (ms), for the busiest second
  const delivered = new Map(); // address → times delivered
  const byKey = new Map();
  const perZone = ZONES.map(() => ({ first: Infinity, last: 0, messages: 0, requests: 0 }));
  const stats = { requests: 0, accepted: 0, rejected429: 0, replays: 0, tooLarge: 0 };
  /** With BENCH_TRACE=file: every request's arrival (ms), consumer, status and body size, written at the end. */
  const trace = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const now = Date.now();
      stats.requests++;
      const reply = (status, payload, headers = {}) => {
        while (accepted.length && accepted[0] <= Date.now() - 1000) accepted.shift();
        const rate = {
          "ratelimit-limit": String(REQUESTS_PER_SECOND),
          "ratelimit-remaining": String(Math.max(0, REQUESTS_PER_SECOND - accepted.length)),
          "ratelimit-reset": String(
            accepted.length ? Math.max(1, Math.ceil((accepted[0] + 1000 - Date.now()) / 1000)) : 1,
          ),
        };
        trace.push({ at: now, consumer: /\.c(\d+)\.z/.exec(body.slice(0, 2000))?.[1], status, bytes: body.length });
        res.writeHead(status, { "Content-Type": "application/json", ...rate, ...headers });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== "POST" || req.url !== "/emails/batch") return reply(404, { name: "not_found" });
      if (req.headers.authorization !== "Bearer re_bench") return reply(401, { name: "missing_api_key" });
      const key = req.headers["idempotency-key"];
      if (key && byKey.has(key)) {
        stats.replays++;
        return reply(200, byKey.get(key));
      }
      while (accepted.length && accepted[0] <= now - 1000) accepted.shift();
      if (accepted.length >= REQUESTS_PER_SECOND) {
        stats.rejected429++;
        const wait = Math.max(1, Math.ceil((accepted[0] + 1000 - now) / 1000));
        return reply(
          429,
          { name: "rate_limit_exceeded", message: "Too many requests" },
          { "retry-after": String(wait) },
        );
      }
      let messages;
      try {
        messages = JSON.parse(body);
      } catch {
        return reply(422, { name: "validation_error", message: "Invalid JSON" });
      }
      if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_PER_REQUEST) {
        stats.tooLarge++;
        return reply(422, { name: "validation_error", message: "1 to 100 emails per batch" });
      }
      accepted.push(now);
      acceptedAt.push(now);
      stats.accepted++;
      const firstZone = perZone[Number(/\.z(\d+)@/.exec(messages[0]?.to?.[0] ?? "")?.[1])];
      if (firstZone) firstZone.requests++;
      for (const m of messages) {
        const to = Array.isArray(m.to) ? m.to[0] : m.to;
        delivered.set(to, (delivered.get(to) ?? 0) + 1);
        const z = Number(/\.z(\d+)@/.exec(to)?.[1]);
        const zone = perZone[z];
        if (zone) {
          zone.first = Math.min(zone.first, now);
          zone.last = Math.max(zone.last, now);
          zone.messages++;
        }
      }
      const answer = { data: messages.map(() => ({ id: randomUUID() })) };
      if (key) byKey.set(key, answer);
      reply(200, answer);
    });
  });
  /** Most requests accepted in any one second (sliding): at most the ceiling's 2 if the fake holds. */
  const busiestSecond = () => {
    let most = 0;
    for (let i = 0, j = 0; j < acceptedAt.length; j++) {
      while (acceptedAt[i] <= acceptedAt[j] - 1000) i++;
      most = Math.max(most, j - i + 1);
    }
    return most;
  };
  return { server, stats, delivered, perZone, busiestSecond, trace };
}

/**
 * Consumer `c`'s Worker configuration: the built one for the first, which hosts the MailPacer; for the others a
 * copy beside it (its paths stay relative to the build) under a name of its own, whose MAIL_PACER binds to the
 * first Worker's class by `script_name`, as a second Worker bound to a deployed pacer would.
 */
const configCopies = [];
function consumerConfig(c) {
  if (NO_PACER) return renamedConfig(c, (config) => ({ ...config, durable_objects: { bindings: [] }, migrations: [] }));
  if (c === 0 || !SHARED_PACER) return c === 0 ? undefined : renamedConfig(c, (config) => config);
  return renamedConfig(c, (config) => ({
    ...config,
    durable_objects: {
      bindings: config.durable_objects.bindings.map((b) =>
        b.name === "MAIL_PACER" ? { ...b, script_name: JSON.parse(readFileSync(builtConfig, "utf8")).name } : b,
      ),
    },
    migrations: [],
  }));
}
function renamedConfig(c, edit) {
  const config = JSON.parse(readFileSync(builtConfig, "utf8"));
  const file = path.join(path.dirname(builtConfig), `wrangler.bench-consumer-${c}.json`);
  writeFileSync(file, JSON.stringify(edit({ ...config, name: `${config.name}-consumer-${c}` })));
  configCopies.push(file);
  return file;
}

const servers = [];
let fake;
const stop = () => {
  for (const server of servers) server.stop();
  fake?.server.close();
  for (const dir of [...persistDirs, registryDir]) rmSync(dir, { recursive: true, force: true });
  for (const file of configCopies) rmSync(file, { force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

const sec = (ms) => (ms / 1000).toFixed(1);
let code = 1;
try {
  console.log(
    `• ${N.toLocaleString("en-US")} subscribers over ${ZONES.length} US zones, ${CONSUMERS} consumer(s) at once, persist dirs ${persistDirs.join(" ")}`,
  );
  const shares = persistDirs.map((_, c) => Math.floor(N / CONSUMERS) + (c < N % CONSUMERS ? 1 : 0));
  const seededAll = persistDirs.map((dir, c) => {
    wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
    return seed(dir, c, shares[c]);
  });
  const seeded = {
    ms: seededAll.reduce((s, x) => s + x.ms, 0),
    counts: ZONES.map((_, z) => seededAll.reduce((s, x) => s + x.counts[z], 0)),
  };
  console.log(`• seeded in ${sec(seeded.ms)} s: ${ZONES.map(([z], i) => `${z} ${seeded.counts[i]}`).join(", ")}`);
  if (!existsSync(path.join(root, "dist", "earthkind", "wrangler.json"))) {
    const build = spawnSync("npx", ["vite", "build"], { cwd: root, stdio: "inherit", env });
    if (build.status !== 0) throw new Error("vite build failed");
  }

  fake = startFakeResend();
  const fakePort = await freePort();
  await new Promise((r) => fake.server.listen(fakePort, "127.0.0.1", r));
  for (const [c, persistDir] of persistDirs.entries()) {
    const port = await freePort();
    servers.push(
      await startDev({
        persistDir,
        port,
        configPath: consumerConfig(c),
        testScheduled: true,
        timeoutMs: 90_000,
        vars: {
          ...DEV_VARS,
          SITE_URL: `http://127.0.0.1:${port}`,
          MAIL_PROVIDER: "resend",
          MAIL_API_KEY: "re_bench",
          MAIL_API_BASE_URL: `http://127.0.0.1:${fakePort}`,
        },
      }),
    );
  }
  const pids = servers.flatMap((server) => workerdPids(server.pid));
  console.log(`• wrangler dev on ${servers.map((x) => x.url).join(", ")}, fake Resend on 127.0.0.1:${fakePort}`);

  const cron = encodeURIComponent("*/5 * * * *");
  /** The same cron tick on every consumer at once. */
  const tick = (ms) =>
    Promise.all(
      servers.map(async (server) => {
        const res = await fetch(`${server.url}/cdn-cgi/handler/scheduled?cron=${cron}&time=${ms}`);
        if (!res.ok) throw new Error(`cron tick answered ${res.status}`);
      }),
    );

  // One tick per distinct 09:00; the waves due at it are measured together (they share the ceiling).
  const groups = new Map();
  ZONES.forEach(([zone], i) => {
    const at = nineAm(zone);
    groups.set(at, [...(groups.get(at) ?? []), i]);
  });
  const rows = [];
  const t0 = performance.now();
  let peak = 0;
  for (const [at, zoneIdx] of [...groups].sort((a, b) => a[0] - b[0])) {
    const names = zoneIdx.map((i) => ZONES[i][0]);
    const expected = zoneIdx.reduce((s, i) => s + seeded.counts[i], 0);
    const before429 = fake.stats.rejected429;
    const start = performance.now();
    await tick(at);
    for (;;) {
      // Polled often: the poll interval is added to the measured time of every wave (small waves are a few seconds).
      await new Promise((r) => setTimeout(r, 100));
      peak = Math.max(peak, memoryMiB(pids).rss);
      const waves = persistDirs.flatMap((dir) =>
        query(
          dir,
          `SELECT time_zone, total_recipients AS total, sent_count + failed_count + skipped_count AS done, fanout_done_at AS fanoutDone
           FROM email_campaign_waves WHERE time_zone IN (${names.map(() => "?").join(",")})`,
          ...names,
        ),
      );
      const finished =
        waves.length === names.length * CONSUMERS &&
        waves.every((w) => w.fanoutDone && w.done >= w.total) &&
        waves.reduce((s, w) => s + w.total, 0) === expected;
      if (finished) break;
      if (performance.now() - start > WAVE_TIMEOUT_MS)
        throw new Error(`wave ${names.join("+")} not done: ${JSON.stringify(waves)}`);
    }
    const ms = performance.now() - start;
    const sent = zoneIdx.reduce((s, i) => s + fake.perZone[i].messages, 0);
    const requests = zoneIdx.reduce((s, i) => s + fake.perZone[i].requests, 0);
    const first = Math.min(...zoneIdx.map((i) => fake.perZone[i].first));
    const last = Math.max(...zoneIdx.map((i) => fake.perZone[i].last));
    // Sending phase: from the first accepted request to the end of the last one's second.
    const sendMs = last - first + 1000 / REQUESTS_PER_SECOND;
    const row = {
      wave: names.join(" + "),
      due: new Date(at).toISOString().slice(11, 16),
      messages: sent,
      seconds: ms / 1000,
      rate: sent / (ms / 1000),
      sendRate: sent / (sendMs / 1000),
      r429: fake.stats.rejected429 - before429,
      requests,
      // Accepted requests per second against the 2 allowed: with several consumers each holds a K-th of a zone's
      // subscribers in its own database, so a wave has up to K partial batches, and messages/s understates the pace.
      requestRate: requests / (sendMs / 1000),
    };
    rows.push(row);
    console.log(
      `  ${row.due}Z ${row.wave}: ${sent} in ${row.seconds.toFixed(1)} s = ${row.rate.toFixed(0)} msg/s tick-to-done (${((row.rate / CEILING) * 100).toFixed(0)} % of ${CEILING}), ${row.sendRate.toFixed(0)} msg/s first-to-last request, ${requests} requests at ${row.requestRate.toFixed(2)}/s (${((row.requestRate / REQUESTS_PER_SECOND) * 100).toFixed(0)} % of ${REQUESTS_PER_SECOND}), ${row.r429} × 429`,
    );
  }
  // After Monday is over in Honolulu (10:00Z Tuesday) the campaign completes.
  await tick(Date.parse("2026-12-01T10:05:00Z"));
  const campaigns = persistDirs.flatMap((dir) =>
    query(
      dir,
      "SELECT status, total_recipients AS total, sent_count AS sent, failed_count AS failed FROM email_campaigns WHERE kind = 'weekly'",
    ),
  );
  const campaign = {
    status: campaigns.every((x) => x.status === "completed") ? "completed" : campaigns.map((x) => x.status).join("/"),
    sent: campaigns.reduce((s, x) => s + x.sent, 0),
    failed: campaigns.reduce((s, x) => s + x.failed, 0),
  };
  const total = (performance.now() - t0) / 1000;
  const counts = [...fake.delivered.values()];
  const duplicates = counts.reduce((s, n) => s + (n - 1), 0);
  const exact =
    fake.delivered.size === N && duplicates === 0 && campaign?.sent === N && campaign.status === "completed";

  console.log("\nEmail fan-out at the Resend ceiling (fake Resend, local wrangler dev)");
  console.log(`  subscribers            ${N.toLocaleString("en-US")}`);
  console.log(
    `  consumers at once      ${CONSUMERS}${NO_PACER ? ", no MailPacer (each isolate paces itself)" : CONSUMERS > 1 ? (SHARED_PACER ? ", one shared MailPacer" : ", a pacer each") : ", with the MailPacer"}`,
  );
  const unreachable = servers.reduce(
    (n, server) => n + (server.log().match(/mail pacer unreachable/g)?.length ?? 0),
    0,
  );
  console.log(`  pacer unreachable      ${unreachable} time(s) in the consumers' logs (then an isolate paces itself)`);
  console.log(`  busiest second         ${fake.busiestSecond()} accepted requests (ceiling ${REQUESTS_PER_SECOND})`);
  console.log(
    `  total time             ${total.toFixed(1)} s over ${rows.length} ticks (sum of wave times ${rows.reduce((s, r) => s + r.seconds, 0).toFixed(1)} s)`,
  );
  console.log(
    `  provider requests      ${fake.stats.requests} (${fake.stats.accepted} accepted, ${fake.stats.rejected429} × 429, ${fake.stats.replays} idempotent replays, ${fake.stats.tooLarge} oversized)`,
  );
  console.log(
    `  delivered addresses    ${fake.delivered.size} (campaign: ${campaign?.status}, sent ${campaign?.sent}, failed ${campaign?.failed})`,
  );
  console.log(`  duplicates             ${duplicates}`);
  if (process.env.BENCH_TRACE)
    writeFileSync(process.env.BENCH_TRACE, fake.trace.map((x) => JSON.stringify(x)).join("\n"));
  console.log(`  workerd RSS peak       ${peak.toFixed(0)} MiB`);
  console.log(`  exactly once           ${exact ? "yes" : "NO"}`);
  console.log(
    `  waves ≥ 90 % of ceiling ${
      rows.every((r) => r.rate >= 0.9 * CEILING)
        ? "all"
        : `${rows
            .filter((r) => r.rate < 0.9 * CEILING)
            .map((r) => r.wave)
            .join(", ")} below (tick-to-done)`
    }`,
  );
  // A wave of a few requests cannot show a rate (its last batch is partial); judge those of ≥ 10 requests.
  const judged = rows.filter((r) => r.messages >= 10 * MAX_PER_REQUEST);
  const slow = judged.filter((r) => r.sendRate < 0.9 * CEILING || r.rate < 0.9 * CEILING);
  const pct = (rate) => `${((rate / CEILING) * 100).toFixed(0)} %`;
  console.log(
    `  ≥ 90 % of ceiling      ${slow.length === 0 ? "yes" : "NO"} for every wave of ≥ 10 requests, tick → done and sending (${judged.map((r) => `${r.wave} ${pct(r.rate)} / ${pct(r.sendRate)}`).join(", ")})`,
  );
  code = exact && slow.length === 0 ? 0 : 1;
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : err}`);
  for (const server of servers) console.error(server.log().slice(-3000));
} finally {
  stop();
}
process.exit(code);
