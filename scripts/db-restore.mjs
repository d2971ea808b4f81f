// `npm run db:restore -- FILE --local [--persist-to DIR]`: loads a dump from db:export into a fresh
// local database. The current local database is moved aside (not deleted), so a restore can be undone.
// Production is restored with D1 Time Travel or into a new database (README, "Backups and restore").
import { existsSync, renameSync } from "node:fs";
import path from "node:path";
import { localQuery, wrangler } from "./d1-backup.mjs";
import { persistDirFromArgs } from "./local-env.mjs";

const file = process.argv.slice(2).find((a) => a.endsWith(".sql"));
if (!file || !process.argv.includes("--local")) {
  console.error("Usage: npm run db:restore -- FILE.sql --local [--persist-to DIR]");
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`✗ no such file: ${file}`);
  process.exit(2);
}
const persistDir = persistDirFromArgs();
try {
  const d1Dir = path.join(persistDir, "v3", "d1");
  if (existsSync(d1Dir)) {
    const aside = `${d1Dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(d1Dir, aside);
    console.log(`• moved the current local database aside to ${aside}`);
  }
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"]);
  const [{ n }] = localQuery("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'", persistDir);
  console.log(`✓ restored ${file} into ${persistDir} (${n} tables)`);
} catch (error) {
  console.error(`✗ restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
