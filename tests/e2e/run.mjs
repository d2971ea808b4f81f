// `npm run test:e2e`: builds the app, seeds a fresh local database in a temporary directory, starts
// `wrangler dev` on a free port, runs Playwright against it and stops the server, whatever happens.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDevVars, run } from "../../scripts/local-env.mjs";

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function waitForHealth(url, server, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error("wrangler dev exited before it was ready");
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${url} was not healthy within ${timeoutMs / 1000}s`);
}

const persistDir = mkdtempSync(path.join(tmpdir(), "earthkind-e2e-"));
const port = await freePort();
const baseUrl = `http://localhost:${port}`;

ensureDevVars();
if (!process.argv.includes("--no-build")) run("npx", ["vite", "build"]);
run("npx", ["node", "scripts/seed-local.mjs", "--persist-to", persistDir]);

const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    persistDir,
    "--test-scheduled",
    "--show-interactive-dev-session=false",
    "--var",
    `SITE_URL:${baseUrl}`,
  ],
  { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { ...process.env, CI: "true" } },
);
let serverLog = "";
server.stdout.on("data", (d) => (serverLog += d));
server.stderr.on("data", (d) => (serverLog += d));

const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  rmSync(persistDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

let code = 1;
try {
  await waitForHealth(baseUrl, server);
  const extra = process.argv.slice(2).filter((a) => a !== "--no-build");
  const pw = spawn("npx", ["playwright", "test", ...extra], {
    stdio: "inherit",
    env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_PERSIST_DIR: persistDir },
  });
  code = await new Promise((resolve) => pw.on("exit", (c) => resolve(c ?? 1)));
} catch (err) {
  console.error(String(err));
  console.error(serverLog.slice(-4000));
} finally {
  if (code !== 0 && process.env.E2E_SERVER_LOG) console.error(serverLog.slice(-8000));
  stop();
}
process.exit(code);
