// `npm run admin:invite -- EMAIL [--remote | --local] [--persist-to DIR] [--site-url URL]`: invites a person to be
// an admin (decision 235), in production (--remote) or locally (the default). It stores a single-use invitation
// valid for 24 hours, of which the database keeps only the SHA-256 of the link's random token, audits it, and
// prints the link: the one secret this script prints, because the operator asked for it. Opening the link shows a
// page with a button; accepting signs the person in as an admin, and the admin screens then set up a second factor.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { DEV_VARS } from "./dev-vars.mjs";

const TTL_HOURS = 24;
const usage =
  "Usage: npm run admin:invite -- someone@example.org [--remote | --local] [--persist-to DIR] [--site-url URL]";

const args = process.argv.slice(2);
const flagValue = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const remote = args.includes("--remote");
if (remote && args.includes("--local")) {
  console.error(`Choose one of --remote and --local.\n${usage}`);
  process.exit(2);
}
const flagValues = new Set([flagValue("--persist-to"), flagValue("--site-url")]);
const email = args
  .find((a) => !a.startsWith("--") && !flagValues.has(a))
  ?.trim()
  .toLowerCase();
if (!email || !/^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/.test(email)) {
  console.error(usage);
  process.exit(2);
}

/** A value of the local .dev.vars (written by `npm start`). */
function devVar(key, path = ".dev.vars") {
  if (!existsSync(path)) return null;
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (match?.[1] !== key) continue;
    const raw = (match[2] ?? "").trim();
    return raw.startsWith('"') ? JSON.parse(raw) : raw;
  }
  return null;
}

async function siteUrl() {
  const given = flagValue("--site-url");
  if (given) return given;
  if (!remote) return devVar("SITE_URL") ?? DEV_VARS.SITE_URL;
  const { unstable_readConfig } = await import("wrangler");
  return String(unstable_readConfig({ config: "wrangler.toml" }).vars?.SITE_URL ?? "");
}

const token = randomBytes(32).toString("base64url");
const tokenHash = createHash("sha256").update(token).digest("hex");
const id = randomUUID();
const expiresAt = new Date(Date.now() + TTL_HOURS * 3_600_000).toISOString();
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const where = remote ? "remote" : "local";

const sql = `INSERT INTO admin_invitations (id, email, token_hash, created_by, expires_at)
  VALUES (${q(id)}, ${q(email)}, ${q(tokenHash)}, 'admin:invite', ${q(expiresAt)});
INSERT INTO security_audit_log (id, user_id, action, table_name, new_values)
  VALUES (${q(randomUUID())}, NULL, 'admin_invitation_created', 'admin_invitations',
    json_object('invitation_id', ${q(id)}, 'email', ${q(email)}, 'expires_at', ${q(expiresAt)}, 'database', ${q(where)}));`;

const persist = !remote && flagValue("--persist-to") ? ["--persist-to", flagValue("--persist-to")] : [];
const result = spawnSync(
  "npx",
  ["wrangler", "d1", "execute", "DB", remote ? "--remote" : "--local", ...persist, "--json", "--command", sql],
  { encoding: "utf8", env: { ...process.env, CI: "true" } },
);
if (result.status !== 0) {
  const output = `${result.stdout}${result.stderr}`;
  console.error(
    /no such table: admin_invitations/.test(output)
      ? `✗ the ${where} database has no admin_invitations table: apply the migrations first (${remote ? "npx wrangler d1 migrations apply DB --remote" : "npm run db:migrate:local"}).`
      : `✗ wrangler d1 execute --${where} failed:\n${output}`,
  );
  process.exit(1);
}

const origin = new URL(await siteUrl()).origin;
console.log(`✓ ${email} is invited to be an admin (${where} database), until ${expiresAt}.`);
console.log("  Send this link to them privately; it works once and signs in whoever opens it first:");
console.log(`  ${origin}/auth/admin-invitation#token=${token}`);
