// No hand-written source file over 400 lines in worker/, web/ or db/schema (issue 29): a file that long
// holds several things, and a newcomer cannot see its seams. Generated files are exempt by name.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const MAX_LINES = 400;
export const CHECKED_DIRS = ["worker", "web", "db/schema"];
/** Written by tools, not by hand: `npm run typegen` writes the Worker's binding types. */
export const GENERATED = ["worker/worker-configuration.d.ts"];

/** Lines as `wc -l` counts them, plus a last line without a newline. */
export const lineCount = (text) => (text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0));

function* sources(root, dir) {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch (err) {
    if (err.code === "ENOENT") return;
    throw err;
  }
  for (const entry of entries) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(root, rel);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield rel;
  }
}

/** The hand-written .ts/.tsx files under `dirs` of `root` longer than `max` lines, longest first. */
export function longFiles(root, { dirs = CHECKED_DIRS, max = MAX_LINES, generated = GENERATED } = {}) {
  const out = [];
  for (const dir of dirs) {
    for (const file of sources(root, dir)) {
      if (generated.includes(file)) continue;
      const lines = lineCount(readFileSync(path.join(root, file), "utf8"));
      if (lines > max) out.push({ file, lines });
    }
  }
  return out.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const long = longFiles(path.resolve(import.meta.dirname, ".."));
  if (long.length) {
    console.error(`${long.length} hand-written file(s) over ${MAX_LINES} lines (split them by what they do):`);
    for (const { file, lines } of long) console.error(`  ${file}: ${lines} lines`);
    process.exit(1);
  }
  console.log(`no hand-written file in ${CHECKED_DIRS.join(", ")} is over ${MAX_LINES} lines`);
}
