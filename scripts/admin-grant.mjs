// `npm run admin:grant -- EMAIL [--persist-to DIR]`: makes the local user with that email an admin,
// creating the account if needed, so a person can reach /admin locally.
import { randomUUID } from "node:crypto";
import { d1Query, persistDirFromArgs } from "./local-env.mjs";

const email = process.argv
  .slice(2)
  .find((a) => a.includes("@"))
  ?.trim()
  .toLowerCase();
if (!email || !/^[^\s@'"]+@[^\s@'"]+\.[^\s@'"]+$/.test(email)) {
  console.error("Usage: npm run admin:grant -- someone@example.com");
  process.exit(2);
}
const persistDir = persistDirFromArgs();
const q = (s) => `'${s.replaceAll("'", "''")}'`;

d1Query(
  `INSERT INTO users (id, email) VALUES (${q(randomUUID())}, ${q(email)}) ON CONFLICT(email) DO NOTHING;
   INSERT INTO profiles (id, user_id, email, role)
     SELECT ${q(randomUUID())}, id, email, 'user' FROM users WHERE email = ${q(email)}
     ON CONFLICT(user_id) DO NOTHING;
   UPDATE profiles SET role = 'admin', role_changed_by = 'admin:grant', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
     WHERE email = ${q(email)};`,
  persistDir,
);
console.log(`✓ ${email} is now an admin (local database in ${persistDir})`);
