import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const ACCOUNT = "0123456789abcdef0123456789abcdef";

/**
 * A fake Cloudflare API at the HTTP boundary (wrangler honours CLOUDFLARE_API_BASE_URL): an empty account that
 * remembers what is created in it, and the calls it saw.
 */
const calls: string[] = [];
const state = {
  d1: [] as { uuid: string; name: string }[],
  kv: [] as { id: string; title: string }[],
  r2: [] as string[],
  queues: [] as string[],
  secrets: [] as string[],
  queries: [] as string[],
};
let n = 0;
const hex = () => (++n).toString(16).padStart(32, "0");

async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  const url = new URL(req.url ?? "/", "http://fake");
  const path = url.pathname.replace(/^\/client\/v4/, "").replace(`/accounts/${ACCOUNT}`, "/accounts/:account");
  calls.push(`${req.method} ${path}`);
  const ok = (result: unknown, extra: Record<string, unknown> = {}) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ success: true, errors: [], messages: [], result, ...extra }));
  };
  const page = (list: unknown[]) =>
    ok(Number(url.searchParams.get("page") ?? 1) > 1 ? [] : list, {
      result_info: { page: 1, per_page: 1000, count: list.length, total_count: list.length },
    });
  let body: Record<string, unknown> = {};
  try {
    body = raw ? JSON.parse(raw) : {};
  } catch {
    // a secret's or a file's body: not JSON
  }
  const key = `${req.method} ${path}`;
  if (key === "GET /accounts/:account/d1/database") return page(state.d1.map((d) => ({ ...d, version: "production" })));
  if (key === "POST /accounts/:account/d1/database") {
    const db = { uuid: crypto.randomUUID(), name: String(body.name) };
    state.d1.push(db);
    return ok({ ...db, created_at: new Date().toISOString(), version: "production" });
  }
  if (/^GET \/accounts\/:account\/d1\/database\/[\w-]+$/.test(key))
    return ok({ ...state.d1[0], version: "production", num_tables: 0, file_size: 0 });
  if (/^POST \/accounts\/:account\/d1\/database\/[\w-]+\/(query|raw)$/.test(key)) {
    const sql = String(body.sql ?? "");
    state.queries.push(sql);
    const results = /count\(\*\) AS n FROM zip_codes/.test(sql) ? [{ n: 42555 }] : [];
    return ok([{ results, success: true, meta: { duration: 1, changes: 0, rows_read: 0, rows_written: 0 } }]);
  }
  if (key === "GET /accounts/:account/storage/kv/namespaces") return page(state.kv);
  if (key === "POST /accounts/:account/storage/kv/namespaces") {
    const ns = { id: hex(), title: String(body.title) };
    state.kv.push(ns);
    return ok(ns);
  }
  if (key === "GET /accounts/:account/r2/buckets")
    return ok({ buckets: state.r2.map((name) => ({ name, creation_date: "2026-12-05T00:00:00Z" })) });
  if (key === "POST /accounts/:account/r2/buckets") {
    state.r2.push(String(body.name));
    return ok({});
  }
  if (key === "GET /accounts/:account/queues")
    return page(
      state.queues.map((name) => ({
        queue_id: hex(),
        queue_name: name,
        created_on: "2026-12-05",
        modified_on: "2026-12-05",
        producers_total_count: 0,
        consumers_total_count: 0,
      })),
    );
  if (key === "POST /accounts/:account/queues") {
    state.queues.push(String(body.queue_name));
    return ok({ queue_id: hex(), queue_name: body.queue_name });
  }
  if (key === "GET /accounts/:account/workers/scripts/earthkind/secrets")
    return ok(state.secrets.map((name) => ({ name, type: "secret_text" })));
  if (key === "PUT /accounts/:account/workers/scripts/earthkind/secrets") {
    state.secrets.push(String(body.name));
    return ok({ name: body.name, type: "secret_text" });
  }
  res.writeHead(404, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ success: false, errors: [{ code: 10007, message: `fake: no ${key}` }], result: null }));
}

const server = createServer((req, res) => void handle(req, res));
let base = "";
let configPath = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
  // The committed configuration, with its relative paths made absolute, in a scratch folder.
  configPath = join(mkdtempSync(join(tmpdir(), "setup-")), "wrangler.toml");
  writeFileSync(
    configPath,
    readFileSync(join(root, "wrangler.toml"), "utf8")
      .replace(/^#:schema.*\n/, "")
      .replace('main = "worker/index.ts"', `main = "${join(root, "worker/index.ts")}"`)
      .replace('directory = "./dist/client"', `directory = "${join(root, "dist/client")}"`)
      .replace('migrations_dir = "migrations"', `migrations_dir = "${join(root, "migrations")}"`),
  );
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function setup(script = "scripts/setup.mjs", args: string[] = []): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn("node", [script, ...args], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
      env: {
        ...process.env,
        CLOUDFLARE_API_BASE_URL: base,
        CLOUDFLARE_API_TOKEN: "fake-token",
        CLOUDFLARE_ACCOUNT_ID: ACCOUNT,
        WRANGLER_CONFIG: configPath,
        WRANGLER_SEND_METRICS: "false",
        MAIL_API_KEY: "",
      },
    });
    child.stdin.end();
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

describe("npm run setup against a fake Cloudflare API (issue 44)", () => {
  it("the preflight on an empty account lists every problem in one run instead of stopping at the first", async () => {
    const { code, out } = await setup("scripts/deploy.mjs", ["--check"]);
    expect(code, out).toBe(1);
    expect(out).not.toContain("deploy failed");
    for (const problem of [
      /d1_databases\.DB: database_id is a placeholder/,
      /kv_namespaces\.KV: id is a placeholder/,
      /r2_buckets\.MEDIA: no bucket earthkind-media/,
      /queue\(s\) earthkind-email, earthkind-ingest, earthkind-export, earthkind-email-dlq, earthkind-ingest-dlq do not exist/,
      /secret JWT_SECRET is not set/,
      /secret MAIL_API_KEY is not set/,
      /TURNSTILE_SITE_KEY is empty/,
      /no custom domain route/,
      /mail domain earthkind\.example not checked: MAIL_API_KEY is not in this shell's environment/,
    ])
      expect(out).toMatch(problem);
    expect(calls.filter((c) => /^(POST|PUT) /.test(c))).toEqual([]);
  }, 420_000);

  it("creates every resource once, records the ids, sets JWT_SECRET, and lists what only a person can get", async () => {
    const first = await setup();
    expect(first.out).toContain("creating D1 database earthkind");
    expect(first.code, first.out).toBe(1);
    expect(state.d1.map((d) => d.name)).toEqual(["earthkind"]);
    expect(state.kv.map((k) => k.title)).toEqual(["earthkind-KV"]);
    expect(state.r2).toEqual(["earthkind-media"]);
    expect(state.queues.sort()).toEqual(
      ["earthkind-email", "earthkind-email-dlq", "earthkind-export", "earthkind-ingest", "earthkind-ingest-dlq"].sort(),
    );
    expect(state.secrets).toEqual(["JWT_SECRET"]);
    const toml = readFileSync(configPath, "utf8");
    expect(toml).toContain(`database_id = "${state.d1[0]?.uuid}"`);
    expect(toml).toContain(`id = "${state.kv[0]?.id}"`);
    // Non-interactive: what is missing, with where to get it, and exit 1.
    for (const name of ["MAIL_API_KEY", "MAIL_WEBHOOK_SECRET", "TURNSTILE_SECRET_KEY", "TURNSTILE_SITE_KEY"])
      expect(first.out).toMatch(new RegExp(`- ${name}: `));
    expect(first.out).toContain("Turnstile › Add widget");
    // Migrations applied through the API; the ZIP table (the fake says loaded) left alone.
    expect(state.queries.some((q) => /CREATE TABLE `admin_invitations`/.test(q))).toBe(true);
    expect(first.out).toContain("the ZIP table is loaded");
    // The generated secret is never printed.
    expect(first.out).not.toMatch(/JWT_SECRET\S*\s*[:=]\s*\S{64}/);
  }, 420_000);

  it("creates nothing on a second run", async () => {
    const before = calls.length;
    const second = await setup();
    const made = calls.slice(before).filter((c) => /^(POST|PUT) /.test(c) && !/\/(query|raw)$/.test(c));
    expect(made, second.out).toEqual([]);
    expect(second.out).toContain("D1 database earthkind exists");
    expect(second.out).toContain("JWT_SECRET is set");
    expect(state.d1).toHaveLength(1);
    expect(state.kv).toHaveLength(1);
  }, 420_000);
});
