// `npm run db:export -- --local|--remote [--persist-to DIR]`: a dated SQL dump of the D1 database in
// backups/ (git-ignored), via `wrangler d1 export`. Restore one with `npm run db:restore`.

import { datedBackupPath, exportDatabase } from "./d1-backup.mjs";
import { persistDirFromArgs } from "./local-env.mjs";

const remote = process.argv.includes("--remote");
if (!remote && !process.argv.includes("--local")) {
  console.error("Usage: npm run db:export -- --local|--remote [--persist-to DIR]");
  process.exit(2);
}
try {
  const output = datedBackupPath(remote ? "remote" : "local");
  exportDatabase({ remote, persistDir: remote ? undefined : persistDirFromArgs(), output });
  console.log(`✓ exported the ${remote ? "remote" : "local"} database to ${output}`);
} catch (error) {
  console.error(`✗ export failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
