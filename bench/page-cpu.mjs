// `npm run bench -- page-cpu`: CPU time of each server-rendered public page, uncached (a render: the request
// carries the signed-in cookie, which the page cache never serves) and cached (the edge copy), measured as the
// workerd processes' user + system time over REQUESTS sequential requests, less the health check's own CPU.
// Local D1 runs inside workerd, so the figure is an upper bound of the Worker's CPU. Budget: README.
//   --no-build   reuse dist/ as it is
//   --profile    then sample V8 while the slowest page renders, and list where its CPU goes (by function)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEV_VARS, ensureDevVars, freePort, run, startDev } from "../scripts/local-env.mjs";
import { profileRequests } from "./_cpu-profile.mjs";
import { cpuMs, fmt, workerdPids } from "./_local-worker.mjs";

const REQUESTS = Number(process.env.PAGE_CPU_REQUESTS ?? 40);
/** CPU per uncached render and per cached answer, in ms (README "Figures"). */
const BUDGET = { uncachedMs: 50, cachedMs: 10 };
const SIGNED_IN = { Cookie: "__Host-earthkind_refresh=bench" };

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
ensureDevVars();
if (!process.argv.includes("--no-build")) run("npx", ["vite", "build"], { stdio: "ignore" });
const persistDir = mkdtempSync(path.join(tmpdir(), "earthkind-page-cpu-"));
run("npx", ["node", "scripts/seed-local.mjs", "--persist-to", persistDir], { stdio: "ignore" });
const port = await freePort();
const inspectorPort = process.argv.includes("--profile") ? await freePort() : undefined;
const server = await startDev({
  persistDir,
  port,
  inspectorPort,
  vars: { ...DEV_VARS, SITE_URL: `http://localhost:${port}` },
});

async function cpuPerRequest(pids, url, headers = {}) {
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).text();
  const before = cpuMs(pids);
  for (let i = 0; i < REQUESTS; i++) {
    const res = await fetch(url, { headers });
    await res.text();
    if (res.status >= 500) throw new Error(`${url}: HTTP ${res.status}`);
  }
  return (cpuMs(pids) - before) / REQUESTS;
}

let failed = false;
try {
  const pids = workerdPids(server.pid);
  const current = await (await fetch(`${server.url}/api/actions/current`)).json();
  const pages = ["/", "/how-it-works", "/actions", `/actions/${current.action?.slug}`, "/events", "/about", "/support"];
  const health = await cpuPerRequest(pids, `${server.url}/api/health`);
  const rows = [];
  for (const page of pages) {
    const uncached = (await cpuPerRequest(pids, server.url + page, SIGNED_IN)) - health;
    const cached = (await cpuPerRequest(pids, server.url + page)) - health;
    rows.push({ page, uncached, cached });
  }
  console.log(
    `\nServer-rendered page CPU (ms per request, ${REQUESTS} requests, less the health check's ${fmt(health, 2)} ms)\n`,
  );
  console.log("| page | uncached render | cached |");
  console.log("|---|---:|---:|");
  for (const r of rows) console.log(`| ${r.page} | ${fmt(r.uncached, 2)} | ${fmt(r.cached, 2)} |`);
  const slowest = rows.reduce((a, b) => (b.uncached > a.uncached ? b : a));
  console.log(`\nslowest uncached: ${slowest.page} (${fmt(slowest.uncached, 2)} ms)`);
  if (inspectorPort) {
    const hot = await profileRequests(inspectorPort, server.url + slowest.page, REQUESTS, SIGNED_IN);
    const sampled = hot.reduce((s, h) => s + h.msPerRequest, 0);
    console.log(
      `\nwhere ${slowest.page}'s render goes (V8 samples, ${fmt(sampled, 2)} ms of CPU per request sampled, under the profiler; top 15 by self time)\n`,
    );
    console.log("| function (file:line) | ms per request | share |");
    console.log("|---|---:|---:|");
    for (const h of hot.slice(0, 15))
      console.log(
        `| ${h.fn.replaceAll("|", "\\|")} | ${fmt(h.msPerRequest, 2)} | ${fmt((h.msPerRequest / sampled) * 100, 0)} % |`,
      );
  }
  const over = rows.filter((r) => r.uncached > BUDGET.uncachedMs || r.cached > BUDGET.cachedMs);
  if (over.length) {
    failed = true;
    console.log(
      `✗ over budget (${BUDGET.uncachedMs} ms uncached, ${BUDGET.cachedMs} ms cached): ${over.map((r) => r.page).join(", ")}`,
    );
  } else console.log(`✓ every page within ${BUDGET.uncachedMs} ms uncached and ${BUDGET.cachedMs} ms cached`);
} finally {
  server.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
