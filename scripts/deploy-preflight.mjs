// The deploy's preflight (`npm run deploy`, decision 185): what must be true before a production deploy,
// as pure checks over what scripts/deploy.mjs reads from wrangler.toml and from Cloudflare. Each problem
// says how to fix it.

/** Secrets every production deploy needs (`wrangler secret put NAME`). */
export const REQUIRED_SECRETS = ["JWT_SECRET", "MAIL_WEBHOOK_SECRET", "TURNSTILE_SECRET_KEY"];

const PLACEHOLDER_ID = /^0+$|^0{8}-0{4}-0{4}-0{4}-0{12}$/;
const EXAMPLE_HOST = /(^|\.)example(\.(com|org|net))?$|\.example$|\.local$|\.test$|^localhost$/i;

function hostOf(value) {
  try {
    return new URL(value).hostname;
  } catch {
    return String(value).split("@").pop() ?? "";
  }
}

/**
 * @param {{
 *   config: { vars?: Record<string, unknown>; d1_databases?: { binding: string; database_id?: string }[];
 *     kv_namespaces?: { binding: string; id?: string }[]; routes?: unknown[]; workers_dev?: boolean };
 *   secrets: string[]; pendingMigrations: string[]; zipCount: number; allowWorkersDev?: boolean;
 * }} input
 * @returns {string[]} the problems; empty when the deploy may go ahead
 */
export function preflightProblems({ config, secrets, pendingMigrations, zipCount, allowWorkersDev = false }) {
  const problems = [];
  const vars = config.vars ?? {};
  const need = (ok, message) => {
    if (!ok) problems.push(message);
  };

  need(
    vars.ENVIRONMENT === "production",
    `ENVIRONMENT is "${vars.ENVIRONMENT}": production deploys only ship "production"`,
  );
  const site = String(vars.SITE_URL ?? "");
  need(
    site.startsWith("https://") && !EXAMPLE_HOST.test(hostOf(site)),
    `SITE_URL is "${site}": set your site's https origin in wrangler.toml [vars]`,
  );
  for (const name of ["FROM_EMAIL", "REPLY_TO", "CONTACT_TO"]) {
    const value = String(vars[name] ?? "");
    need(
      value.includes("@") && !EXAMPLE_HOST.test(hostOf(value)),
      `${name} is "${value}": set an address at your domain`,
    );
  }
  const postal = String(vars.POSTAL_ADDRESS ?? "");
  need(
    postal.length > 0 && !/example/i.test(postal),
    `POSTAL_ADDRESS is "${postal}": set your real postal address (CAN-SPAM)`,
  );
  need(
    String(vars.TURNSTILE_SITE_KEY ?? "").length > 0,
    "TURNSTILE_SITE_KEY is empty: production forms need bot protection (a Turnstile widget's site key, decision 184)",
  );
  const provider = String(vars.MAIL_PROVIDER ?? "resend");
  need(
    ["resend", "postmark"].includes(provider),
    `MAIL_PROVIDER is "${provider}": production sends with resend or postmark`,
  );

  for (const db of config.d1_databases ?? [])
    need(
      db.database_id && !PLACEHOLDER_ID.test(db.database_id),
      `d1_databases.${db.binding}: database_id is a placeholder (npx wrangler d1 create earthkind)`,
    );
  for (const kv of config.kv_namespaces ?? [])
    need(
      kv.id && !PLACEHOLDER_ID.test(kv.id),
      `kv_namespaces.${kv.binding}: id is a placeholder (npx wrangler kv namespace create ${kv.binding})`,
    );

  const required = [...REQUIRED_SECRETS, "MAIL_API_KEY"];
  for (const name of required.filter((s) => !secrets.includes(s)))
    problems.push(`secret ${name} is not set (npx wrangler secret put ${name})`);

  if (pendingMigrations.length > 0)
    problems.push(
      `${pendingMigrations.length} migration(s) not applied remotely (${pendingMigrations.join(", ")}): npx wrangler d1 migrations apply DB --remote`,
    );
  need(zipCount > 0, "the zip_codes table is empty, so the events search knows no ZIP: npm run db:zips -- --remote");

  const routes = config.routes ?? [];
  need(
    routes.length > 0 || allowWorkersDev,
    'no custom domain route: on workers.dev the page cache (Cache API) does nothing. Add `routes = [{ pattern = "your.domain", custom_domain = true }]` to wrangler.toml, or pass --allow-workers-dev to deploy knowingly',
  );
  return problems;
}

/** The migrations `wrangler d1 migrations list DB --remote` says are not applied (its table's first column). */
export function pendingFromMigrationsList(output) {
  if (/No migrations to apply/i.test(output)) return [];
  return [...output.matchAll(/[│|]\s*(\d{4}_[\w-]+\.sql)\s*[│|]/g)].map((m) => m[1]);
}

/**
 * `routes` (or `workers_dev`) written below a table header belongs to that table, so wrangler silently ignores it
 * and the deploy goes to workers.dev: the text of wrangler.toml says where each top-level key really sits.
 * @param {string} toml @returns {string[]}
 */
export function misplacedTopLevelKeys(toml) {
  const problems = [];
  let table = null;
  for (const line of toml.split(/\r?\n/)) {
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      table = header[1];
      continue;
    }
    const key = /^\s*(routes|route|workers_dev)\s*=/.exec(line)?.[1];
    if (key && table !== null)
      problems.push(
        `wrangler.toml: \`${key} = …\` is written under [${table}], so wrangler reads it as ${table}.${key} and ignores it: move the line above the first [table] header (next to name and main)`,
      );
  }
  return problems;
}

/** Queue names of the configuration (producers, consumers and their dead-letter queues). */
export function configuredQueues(config) {
  const names = new Set();
  for (const p of config.queues?.producers ?? []) names.add(p.queue);
  for (const c of config.queues?.consumers ?? []) {
    names.add(c.queue);
    if (c.dead_letter_queue) names.add(c.dead_letter_queue);
  }
  return [...names];
}

/**
 * The remote resources wrangler.toml names that the account does not have.
 * @param {{ config: any; existing: { d1: { name: string; uuid: string }[]; kv: { id: string }[]; r2: string[]; queues: string[] } }} input
 */
export function missingResourceProblems({ config, existing }) {
  const problems = [];
  for (const db of config.d1_databases ?? []) {
    if (db.database_id && PLACEHOLDER_ID.test(db.database_id)) continue; // reported as a placeholder already
    if (!existing.d1.some((d) => d.uuid === db.database_id))
      problems.push(
        `d1_databases.${db.binding}: the account has no database ${db.database_id} (${db.database_name}): npm run setup creates it and records its id`,
      );
  }
  for (const kv of config.kv_namespaces ?? []) {
    if (kv.id && PLACEHOLDER_ID.test(kv.id)) continue;
    if (!existing.kv.some((k) => k.id === kv.id))
      problems.push(`kv_namespaces.${kv.binding}: the account has no namespace ${kv.id}: npm run setup creates it`);
  }
  for (const bucket of config.r2_buckets ?? [])
    if (!existing.r2.includes(bucket.bucket_name))
      problems.push(`r2_buckets.${bucket.binding}: no bucket ${bucket.bucket_name}: npm run setup creates it`);
  const missingQueues = configuredQueues(config).filter((q) => !existing.queues.includes(q));
  if (missingQueues.length > 0)
    problems.push(`queue(s) ${missingQueues.join(", ")} do not exist: npm run setup creates them (Workers Paid plan)`);
  return problems;
}

/** Bucket names of `wrangler r2 bucket list` ("name:   earthkind-media" lines). */
export const bucketsFromList = (output) => [...output.matchAll(/^name:\s+(\S+)/gm)].map((m) => m[1]);

/** Queue names of `wrangler queues list` (its table's name column). */
export function queuesFromList(output) {
  const names = [];
  for (const line of output.split(/\r?\n/)) {
    const cells = line.split(/[│|]/).map((c) => c.trim());
    if (cells.length > 3 && cells[1] && cells[1] !== "id" && /^[\w-]+$/.test(cells[2] ?? "")) names.push(cells[2]);
  }
  return names;
}
