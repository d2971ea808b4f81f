// `npm run admin:grant -- EMAIL [--totp-secret BASE32] [--persist-to DIR]`: makes the local user with that
// email an admin, creating the account if needed, so a person can reach /admin locally. With
// --totp-secret it also sets up that authenticator-app secret (decision 194), sealed as the Worker seals
// it, so the second factor admin work needs can be proved with codes from any app (or a test).
// Local development databases only: it always runs `wrangler d1 execute --local`, never --remote.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { d1Query, persistDirFromArgs } from "./local-env.mjs";

const args = process.argv.slice(2);
const usage = "Usage: npm run admin:grant -- someone@example.com [--totp-secret BASE32] [--persist-to DIR]";
if (args.includes("--remote")) {
  console.error(
    "admin:grant works on the local development database only; in production: npm run admin:invite -- EMAIL --remote",
  );
  process.exit(2);
}
const email = args
  .find((a) => a.includes("@"))
  ?.trim()
  .toLowerCase();
if (!email || !/^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/.test(email)) {
  console.error(usage);
  process.exit(2);
}
const secretAt = args.indexOf("--totp-secret");
const totpSecret = secretAt >= 0 ? (args[secretAt + 1] ?? "").replace(/[\s=]/g, "").toUpperCase() : null;
// 16 base32 characters are 80 bits, RFC 4226's minimum; apps show 16 to 32.
if (totpSecret !== null && !/^[A-Z2-7]{16,128}$/.test(totpSecret)) {
  console.error(`--totp-secret must be base32 (A-Z, 2-7), at least 16 characters.\n${usage}`);
  process.exit(2);
}
const persistDir = persistDirFromArgs();
const q = (s) => `'${s.replaceAll("'", "''")}'`;

/** A value of the local .dev.vars (written by `npm start`, `npm run dev` and the browser tests). */
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

const b64url = (bytes) => Buffer.from(bytes).toString("base64url");

/** worker/features/auth/mfa/secret-box.ts's sealSecret: AES-GCM under an HKDF key from JWT_SECRET. */
async function sealSecret(jwtSecret, plain) {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(jwtSecret), "HKDF", false, [
    "deriveKey",
  ]);
  const key = await crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: new TextEncoder().encode("earthkind:totp-secret:v1"),
    },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt"],
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(plain));
  return `v1.${b64url(iv)}.${b64url(new Uint8Array(sealed))}`;
}

let totpSql = "";
if (totpSecret !== null) {
  if ((devVar("ENVIRONMENT") ?? "development") !== "development") {
    console.error("--totp-secret is for development databases: .dev.vars says ENVIRONMENT is not development.");
    process.exit(2);
  }
  const jwtSecret = devVar("JWT_SECRET");
  if (!jwtSecret) {
    console.error("--totp-secret needs JWT_SECRET in .dev.vars (run `npm start` once to write it).");
    process.exit(2);
  }
  const sealed = await sealSecret(jwtSecret, totpSecret);
  totpSql = `INSERT INTO totp_factors (user_id, secret_enc, confirmed_at, last_step)
     SELECT id, ${q(sealed)}, strftime('%Y-%m-%dT%H:%M:%fZ','now'), 0 FROM users WHERE email = ${q(email)}
     ON CONFLICT(user_id) DO UPDATE SET secret_enc = excluded.secret_enc, confirmed_at = excluded.confirmed_at, last_step = 0;`;
}

d1Query(
  `INSERT INTO users (id, email) VALUES (${q(randomUUID())}, ${q(email)}) ON CONFLICT(email) DO NOTHING;
   INSERT INTO profiles (id, user_id, email, role)
     SELECT ${q(randomUUID())}, id, email, 'user' FROM users WHERE email = ${q(email)}
     ON CONFLICT(user_id) DO NOTHING;
   UPDATE profiles SET role = 'admin', role_changed_by = 'admin:grant', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
     WHERE email = ${q(email)};
   ${totpSql}`,
  persistDir,
);
console.log(
  `✓ ${email} is now an admin${totpSecret ? " with that authenticator-app secret" : ""} (local database in ${persistDir})`,
);
