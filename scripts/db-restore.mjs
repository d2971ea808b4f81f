// `npm run db:restore -- FILE --local [--persist-to DIR]`: loads a dump from db:export into a fresh
// local database. The current local database is moved aside (not deleted), so a restore can be undone.
// `npm run db:restore -- FILE --remote NAME`: loads it into the remote D1 database NAME, which must have
// no tables (a new one from `wrangler d1 create NAME`); it refuses any other. docs/backups.md has both.
// The dump's statements are put in foreign-key order first (orderDump, decision 177).
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { localQuery, orderDump, remoteQuery, USER_TABLES, wrangler } from "./d1-backup.mjs";
import { persistDirFromArgs } from "./local-env.mjs";

const args = process.argv.slice(2);
const file = args.find((a) => a.endsWith(".sql"));
const remote = args.includes("--remote") ? args[args.indexOf("--remote") + 1] : undefined;
const local = args.includes("--local");
if (!file || local === Boolean(remote) || remote?.startsWith("-") || remote?.endsWith(".sql")) {
  console.error("Usage: npm run db:restore -- FILE.sql --local [--persist-to DIR]");
  console.error("       npm run db:restore -- FILE.sql --remote DATABASE_NAME   (a new, empty D1 database)");
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`✗ no such file: ${file}`);
  process.exit(2);
}

const work = mkdtempSync(path.join(os.tmpdir(), "earthkind-restore-"));
try {
  const { sql, order } = await orderDump(readFileSync(file, "utf8"));
  const ordered = path.join(work, path.basename(file));
  writeFileSync(ordered, sql);
  console.log(`• rows in foreign-key order (${order.length} tables): ${order.join(", ")}`);

  if (remote) {
    const tables = remoteQuery(`SELECT name FROM sqlite_master WHERE ${USER_TABLES}`, remote).map((r) => r.name);
    if (tables.length) {
      throw new Error(`the remote database ${remote} has tables (${tables.join(", ")}): restore into a new one`);
    }
    wrangler(["d1", "execute", remote, "--remote", "--file", ordered, "--yes"]);
    const [{ n }] = remoteQuery(`SELECT count(*) AS n FROM sqlite_master WHERE ${USER_TABLES}`, remote);
    console.log(`✓ restored ${file} into the remote database ${remote} (${n} tables)`);
  } else {
    const persistDir = persistDirFromArgs();
    const d1Dir = path.join(persistDir, "v3", "d1");
    if (existsSync(d1Dir)) {
      const aside = `${d1Dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(d1Dir, aside);
      console.log(`• moved the current local database aside to ${aside}`);
    }
    wrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", ordered, "--yes"]);
    const [{ n }] = localQuery(`SELECT count(*) AS n FROM sqlite_master WHERE ${USER_TABLES}`, persistDir);
    console.log(`✓ restored ${file} into ${persistDir} (${n} tables)`);
  }
} catch (error) {
  console.error(`✗ restore failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
