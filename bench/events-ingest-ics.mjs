// Ingestion of a 2,000-event ICS feed through the real pipeline (ical.js parse, validation,
// geocoding from the ZIP table, content-hash upsert into a local D1), served over local HTTP.
// Reports wall time, workerd CPU and workerd's peak resident memory for a first run (all new)
// and a rerun (all unchanged).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadZipRows } from "../db/seed/zip-rows.ts";
import { cpuMs, fmt, freePort, memoryMiB, startDev, workerdPids, wrangler } from "./_local-worker.mjs";
import { mulberry32 } from "./_random.mjs";

const EVENTS = 2000;
const root = path.resolve(import.meta.dirname, "..");

const fold = (line) => {
  const out = [];
  let rest = line;
  while (rest.length > 75) {
    out.push(rest.slice(0, 75));
    rest = ` ${rest.slice(75)}`;
  }
  out.push(rest);
  return out.join("\r\n");
};
const esc = (s) => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\n/g, "\\n");
const pad = (n) => String(n).padStart(2, "0");
const stamp = (d) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;

/** A feed like a large chapter calendar: TZID times, a quarter all-day, folded escaped text. */
function buildFeed(zips) {
  const rand = mulberry32(7);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Earthkind//Benchmark//EN",
    "X-WR-TIMEZONE:America/Los_Angeles",
  ];
  for (let i = 0; i < EVENTS; i++) {
    const z = zips[i % zips.length];
    const day = new Date(Date.now() + (1 + Math.floor(rand() * 170)) * 86_400_000);
    const allDay = i % 4 === 0;
    lines.push("BEGIN:VEVENT", `UID:bench-${i}@benchmark.example`, "DTSTAMP:20260101T000000Z");
    if (allDay) {
      const next = new Date(day.getTime() + 86_400_000);
      lines.push(`DTSTART;VALUE=DATE:${stamp(day)}`, `DTEND;VALUE=DATE:${stamp(next)}`);
    } else {
      const h = 8 + Math.floor(rand() * 10);
      lines.push(
        `DTSTART;TZID=America/Los_Angeles:${stamp(day)}T${pad(h)}0000`,
        `DTEND;TZID=America/Los_Angeles:${stamp(day)}T${pad(h + 2)}0000`,
      );
    }
    lines.push(
      fold(`SUMMARY:${esc(`Volunteer day #${i}: habitat restoration, ${z.city}`)}`),
      fold(
        `DESCRIPTION:${esc("Join us to remove invasive plants, plant natives and learn about local wildlife; gloves, tools and snacks provided.\nAll ages welcome.")}`,
      ),
      fold(`LOCATION:${esc(`Community Garden, 100 Main St, ${z.city}, ${z.state} ${z.zip}`)}`),
      `URL:https://example.org/events/${i}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

const dir = mkdtempSync(path.join(tmpdir(), "earthkind-bench-ingest-"));
let server;
let feedServer;
try {
  const zips = loadZipRows().filter((_, i) => i % 140 === 0); // ~300 ZIPs across the country
  const feed = buildFeed(zips);
  feedServer = createServer((_, res) => {
    res.writeHead(200, { "Content-Type": "text/calendar" });
    res.end(feed);
  });
  const feedPort = await freePort();
  await new Promise((r) => feedServer.listen(feedPort, "127.0.0.1", r));

  const config = path.join(dir, "wrangler.toml");
  writeFileSync(
    config,
    `name = "earthkind-ingest-bench"
main = "${path.join(root, "bench/_ingest-worker.ts")}"
compatibility_date = "2026-11-01"
compatibility_flags = ["nodejs_compat"]
[vars]
ENVIRONMENT = "production"
SITE_URL = "http://localhost"
FEED_URL = "http://127.0.0.1:${feedPort}/feed.ics"
[[d1_databases]]
binding = "DB"
database_name = "bench"
database_id = "00000000-0000-0000-0000-000000000001"
migrations_dir = "${path.join(root, "migrations")}"
`,
  );
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", dir, "--config", config]);
  const zipSql = `INSERT INTO zip_codes (zip, lat, lon, city, state) VALUES ${zips
    .map((z) => `('${z.zip}', ${z.lat}, ${z.lon}, '${z.city.replaceAll("'", "''")}', '${z.state}')`)
    .join(",")};`;
  writeFileSync(path.join(dir, "zips.sql"), zipSql);
  wrangler([
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    dir,
    "--config",
    config,
    "--file",
    path.join(dir, "zips.sql"),
  ]);

  server = await startDev({ configPath: config, persistDir: dir, port: await freePort(), readyPath: "/ready" });
  const pids = workerdPids(server.pid);
  if (!pids.length) throw new Error("could not find the workerd process");
  console.log(`• feed: ${EVENTS} VEVENTs, ${(feed.length / 1024 / 1024).toFixed(2)} MiB`);

  const rows = [];
  for (const label of ["first run (all new)", "rerun (all unchanged)"]) {
    const before = memoryMiB(pids);
    const cpu0 = cpuMs(pids);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/ingest`, { method: "POST" });
    const out = await res.json();
    const ms = performance.now() - t0;
    const after = memoryMiB(pids);
    if (out.status !== "completed") throw new Error(`${label}: ${JSON.stringify(out)}`);
    rows.push({ label, ms, cpu: cpuMs(pids) - cpu0, before, after, c: out.counters });
  }
  console.log(
    "\n| run | wall time | workerd CPU | workerd RSS before → peak (growth) | inserted / unchanged | geocoded |",
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${fmt(r.ms / 1000, 2)} s | ${fmt(r.cpu / 1000, 2)} s | ${fmt(r.before.rss, 0)} → ${fmt(r.after.hwm, 0)} MiB (+${fmt(r.after.hwm - r.before.rss, 0)}) | ${r.c.inserted} / ${r.c.duplicate_unchanged} | ${r.c.geocoded_count} |`,
    );
  }
  console.log("\nPeak is workerd's VmHWM (whole process: runtime, local D1 and the isolate).");
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : error}`);
  if (server) console.error(server.log().slice(-3000));
  process.exitCode = 1;
} finally {
  server?.stop();
  feedServer?.close();
  rmSync(dir, { recursive: true, force: true });
}
