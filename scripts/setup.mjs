// `npm run setup`: a new Cloudflare account to a deployable configuration, after `npx wrangler login` (decision 236).
// With wrangler's own commands it finds or creates the D1 database, the KV namespace, the R2 bucket and the four
// queues, records their ids in wrangler.toml, sets JWT_SECRET (64 random characters) when it is unset, asks for the
// secrets only a person can get (with where to get each; without a terminal it lists them and exits 1), applies the
// migrations, loads the ZIP table and ends with the deploy's preflight. Running it again creates nothing new.
// WRANGLER_CONFIG names another configuration file (the tests').
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import { unstable_readConfig } from "wrangler";
import { bucketsFromList, configuredQueues, queuesFromList } from "./deploy-preflight.mjs";

const configPath = process.env.WRANGLER_CONFIG ?? "wrangler.toml";
const interactive = process.stdin.isTTY === true && !process.argv.includes("--non-interactive");

/** Where each value only a person can get comes from (printed when it is missing). */
export const ASKED = {
  MAIL_API_KEY:
    "the mail provider's API key: Resend › API Keys › Create (full access, so mail:check can read the domain), or Postmark › your server › API Tokens",
  MAIL_WEBHOOK_SECRET:
    "the bounce/complaint webhook's signing secret: Resend › Webhooks › Add endpoint https://<your domain>/api/webhooks/mail/resend (its whsec_… secret), or for Postmark a long random value you also put in the webhook URL's basic auth (docs/email.md)",
  TURNSTILE_SECRET_KEY:
    "Cloudflare dashboard › Turnstile › Add widget (hostname: your domain, plus <worker>.<subdomain>.workers.dev if you use it) › Secret key",
  TURNSTILE_SITE_KEY: "the same Turnstile widget's Site key (a public value, stored in wrangler.toml [vars])",
};

function wrangler(args, { input, quiet = true } = {}) {
  const result = spawnSync("npx", ["wrangler", ...args, "--config", configPath], {
    encoding: "utf8",
    input,
    stdio: [input === undefined ? "ignore" : "pipe", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
    env: { ...process.env, CI: "true" },
  });
  if (result.status !== 0) {
    const detail = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-5).join("\n");
    throw new Error(`wrangler ${args.slice(0, 4).join(" ")} failed:\n${detail}`);
  }
  return result.stdout ?? "";
}

/** Sets `key = "value"` inside the first table whose header line matches `header` (and whose body matches `within`). */
export function setInTable(toml, header, key, value, within = /[\s\S]*/) {
  const lines = toml.split("\n");
  let inTable = false;
  let start = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (/^\s*\[/.test(line)) {
      if (inTable) break;
      inTable = line.trim() === header;
      if (inTable) start = i;
      continue;
    }
    if (inTable && new RegExp(`^\\s*${key}\\s*=`).test(line)) {
      const end = lines.findIndex((l, j) => j > start && /^\s*\[/.test(l));
      const body = lines.slice(start, end < 0 ? undefined : end).join("\n");
      if (!within.test(body)) {
        inTable = false;
        continue;
      }
      lines[i] = `${key} = ${JSON.stringify(value)}`;
      return lines.join("\n");
    }
  }
  throw new Error(`${configPath}: no ${key} under ${header}`);
}

const step = (text) => console.log(`• ${text}`);
const missing = [];

async function ask(rl, name) {
  if (!rl) {
    missing.push(name);
    return null;
  }
  console.log(`\n${name}: ${ASKED[name]}`);
  const value = (await rl.question(`${name} (empty to skip for now): `)).trim();
  if (!value) missing.push(name);
  return value || null;
}

const rl = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : null;
try {
  let config = unstable_readConfig({ config: configPath });
  let toml = readFileSync(configPath, "utf8");

  // D1
  const db = config.d1_databases?.[0];
  const databases = JSON.parse(wrangler(["d1", "list", "--json"]));
  let database = databases.find((d) => d.name === db.database_name);
  if (!database) {
    step(`creating D1 database ${db.database_name}`);
    wrangler(["d1", "create", db.database_name]);
    database = JSON.parse(wrangler(["d1", "list", "--json"])).find((d) => d.name === db.database_name);
  } else step(`D1 database ${db.database_name} exists`);
  if (!database?.uuid) throw new Error(`D1 database ${db.database_name} was not found after creating it`);
  toml = setInTable(toml, "[[d1_databases]]", "database_id", database.uuid);

  // KV
  const kvTitles = [`${config.name}-${config.kv_namespaces[0].binding}`, config.kv_namespaces[0].binding];
  const namespaces = () => JSON.parse(wrangler(["kv", "namespace", "list"]));
  let namespace = namespaces().find((n) => kvTitles.includes(n.title));
  if (!namespace) {
    step(`creating KV namespace ${kvTitles[0]}`);
    wrangler(["kv", "namespace", "create", kvTitles[0]]);
    namespace = namespaces().find((n) => kvTitles.includes(n.title));
  } else step(`KV namespace ${namespace.title} exists`);
  if (!namespace?.id) throw new Error(`KV namespace ${kvTitles[0]} was not found after creating it`);
  toml = setInTable(toml, "[[kv_namespaces]]", "id", namespace.id);

  writeFileSync(configPath, toml);
  step(`recorded database_id ${database.uuid} and KV id ${namespace.id} in ${configPath}`);

  // R2
  const buckets = bucketsFromList(wrangler(["r2", "bucket", "list"]));
  for (const { bucket_name } of config.r2_buckets ?? []) {
    if (buckets.includes(bucket_name)) step(`R2 bucket ${bucket_name} exists`);
    else {
      step(`creating R2 bucket ${bucket_name}`);
      wrangler(["r2", "bucket", "create", bucket_name]);
    }
  }

  // Queues (Workers Paid)
  const queues = queuesFromList(wrangler(["queues", "list"]));
  for (const name of configuredQueues(config)) {
    if (queues.includes(name)) step(`queue ${name} exists`);
    else {
      step(`creating queue ${name}`);
      wrangler(["queues", "create", name]);
    }
  }

  // Secrets: JWT_SECRET generated, the rest asked for.
  const secrets = JSON.parse(wrangler(["secret", "list", "--format", "json"])).map((s) => s.name);
  if (!secrets.includes("JWT_SECRET")) {
    step("setting JWT_SECRET (64 random characters, never printed)");
    wrangler(["secret", "put", "JWT_SECRET"], { input: randomBytes(48).toString("base64url") });
  } else step("JWT_SECRET is set");
  for (const name of ["MAIL_API_KEY", "MAIL_WEBHOOK_SECRET", "TURNSTILE_SECRET_KEY"]) {
    if (secrets.includes(name)) {
      step(`${name} is set`);
      continue;
    }
    const value = await ask(rl, name);
    if (value) wrangler(["secret", "put", name], { input: value });
  }
  config = unstable_readConfig({ config: configPath });
  if (!String(config.vars?.TURNSTILE_SITE_KEY ?? "")) {
    const siteKey = await ask(rl, "TURNSTILE_SITE_KEY");
    if (siteKey)
      writeFileSync(configPath, setInTable(readFileSync(configPath, "utf8"), "[vars]", "TURNSTILE_SITE_KEY", siteKey));
  }

  // Migrations and the ZIP table.
  step("applying migrations to the remote database");
  wrangler(["d1", "migrations", "apply", "DB", "--remote"]);
  const counted = JSON.parse(
    wrangler(["d1", "execute", "DB", "--remote", "--json", "--command", "SELECT count(*) AS n FROM zip_codes"]),
  );
  if (Number(counted?.[0]?.results?.[0]?.n ?? 0) > 0) step("the ZIP table is loaded");
  else {
    step("loading the ZIP table (npm run db:zips -- --remote)");
    const loaded = spawnSync("node", ["scripts/load-zips.mjs", "--remote"], { stdio: "inherit" });
    if (loaded.status !== 0) throw new Error("loading the ZIP table failed: run npm run db:zips -- --remote");
  }

  if (missing.length > 0) {
    console.error(`\n✗ set up, except what only you can get (then run npm run setup again):`);
    for (const name of missing) console.error(`  - ${name}: ${ASKED[name]}`);
    process.exit(1);
  }
  step("the deploy's preflight (npm run deploy -- --check)");
  const preflight = spawnSync("node", ["scripts/deploy.mjs", "--check"], { stdio: "inherit", env: process.env });
  process.exit(preflight.status ?? 1);
} catch (error) {
  console.error(`✗ setup stopped: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
} finally {
  rl?.close();
}
