// Shared by the local scripts: where local state lives and how to run wrangler against it.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { DEV_VARS } from "./dev-vars.mjs";

export { DEV_VARS };

export const DEFAULT_PERSIST_DIR = ".wrangler/state";

/** `--persist-to DIR` from argv, else the default shared by `npm start`, `npm run dev` and the scripts. */
export function persistDirFromArgs(argv = process.argv) {
  const i = argv.indexOf("--persist-to");
  return i >= 0 && argv[i + 1] ? argv[i + 1] : DEFAULT_PERSIST_DIR;
}

/** Runs a command, streaming its output; exits the script if it fails. */
export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, {
    stdio: "inherit",
    ...options,
    env: { ...process.env, CI: "true", ...options.env },
  });
  if (result.status !== 0) {
    console.error(`✗ ${cmd} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
  return result;
}

/** Runs SQL against the local D1 and returns the rows of the last statement. */
export function d1Query(sql, persistDir) {
  const result = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, CI: "true" } },
  );
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed:\n${result.stderr || result.stdout}`);
  const parsed = JSON.parse(result.stdout);
  return parsed.at(-1)?.results ?? [];
}

/**
 * Local secrets and the development values of the variables live in .dev.vars (git-ignored):
 * wrangler.toml is production-safe, so a local run needs ENVIRONMENT=development and friends from
 * here. Keys already in the file are left exactly as they are (someone may have set their own);
 * only missing ones are appended, a random JWT secret and mail-webhook secret included, so a fresh
 * clone needs no step.
 */
export function ensureDevVars(overrides = {}, path = ".dev.vars") {
  const existing = existsSync(path) ? readFileSync(path, "utf8") : "";
  const present = new Set(
    existing
      .split(/\r?\n/)
      .map((line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1])
      .filter(Boolean),
  );
  const wanted = {
    JWT_SECRET: randomBytes(32).toString("hex"),
    // Svix-style signing secret of the local mail webhooks (/api/webhooks/mail/resend and …/postmark).
    MAIL_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString("base64")}`,
    ...DEV_VARS,
    ...overrides,
  };
  const missing = Object.entries(wanted).filter(([key]) => !present.has(key));
  if (missing.length === 0) return;
  const lines = missing.map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  writeFileSync(path, `${existing}${separator}${lines.join("\n")}\n`);
  console.log(`• .dev.vars: added ${missing.map(([key]) => key).join(", ")}`);
}

/** A TCP port nothing listens on right now, for a throwaway local server. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * Starts `wrangler dev` on the built app in its own process group (so `stop()` ends workerd too) and
 * resolves once `readyPath` answers below 500. Used by the browser tests and the benchmarks.
 */
export async function startDev({
  persistDir,
  port,
  vars = {},
  configPath,
  readyPath = "/api/health",
  testScheduled = false,
  timeoutMs = 120_000,
  inspectorPort,
}) {
  const args = ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistDir];
  if (configPath) args.push("--config", configPath);
  if (testScheduled) args.push("--test-scheduled");
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  args.push("--show-interactive-dev-session=false");
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  const child = spawn("npx", args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, CI: "true" },
  });
  let log = "";
  const keep = (d) => {
    log = (log + d).slice(-50_000);
    if (process.env.SERVER_LOG_FILE) appendFileSync(process.env.SERVER_LOG_FILE, d);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const server = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    log: () => log,
    stop() {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited before it was ready:\n${log.slice(-4000)}`);
    try {
      if ((await fetch(server.url + readyPath)).status < 500) return server;
    } catch {}
    if (Date.now() > deadline) {
      server.stop();
      throw new Error(`wrangler dev was not ready within ${timeoutMs / 1000}s:\n${log.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
