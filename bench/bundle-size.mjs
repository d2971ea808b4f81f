// JavaScript sizes, gzipped: what `/` and `/es/`, island pages (decision 205), fetches until the network is idle (budget 80 KB,
// issue 30; every public page is an island page since decision 212, so this is the public pages' critical JS, whose
// budget in ARCHITECTURE.md §10 is 120 KB); what its first use (the weekly action's "Mark as Complete") loads; and
// the single-page app's initial set (the boot script, the app entry and every chunk it preloads), which only
// signed-in screens, the admin and previews load: reported, with no admin chunk allowed in it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureDevVars, freePort, run, startDev } from "../scripts/local-env.mjs";
import { pageJs } from "./_page-js.mjs";

const IDLE_BUDGET_KB = 80;
const root = path.resolve(import.meta.dirname, "..");
const client = path.join(root, "dist", "client");

if (!existsSync(path.join(client, "index.html")) || process.argv.includes("--build")) {
  const build = spawnSync("npx", ["vite", "build"], { cwd: root, stdio: "ignore" });
  if (build.status !== 0) throw new Error("vite build failed");
}

const html = readFileSync(path.join(client, "index.html"), "utf8");
// The boot script, and the app's entry and chunks it preloads and starts after the first paint (its data
// attributes, decision 175): all of them load on the first visit to a screen of the app.
const scripts = [...html.matchAll(/(?:src|href|data-app|data-preload)="([^"]+)"/g)]
  .flatMap((m) => m[1].split(" "))
  .filter((file) => /^\/assets\/[^"]+\.js$/.test(file));
const css = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]);
// The stylesheet is inlined into index.html (decision 154): its size is part of the HTML's.
const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
const gz = (file) => gzipSync(readFileSync(path.join(client, file))).length / 1024;

let total = 0;
console.log("Initial JS of the single-page app: signed-in screens, admin, previews (gzip):");
for (const file of scripts) {
  const kb = gz(file);
  total += kb;
  console.log(`  ${file.padEnd(45)} ${kb.toFixed(1).padStart(6)} KB`);
}
console.log(`  ${"total".padEnd(45)} ${total.toFixed(1).padStart(6)} KB   (no public page loads it, decision 212)`);
for (const file of css) console.log(`  CSS ${file.padEnd(41)} ${gz(file).toFixed(1).padStart(6)} KB`);
if (inlineCss)
  console.log(
    `  CSS ${"inlined in index.html".padEnd(41)} ${(gzipSync(inlineCss).length / 1024).toFixed(1).padStart(6)} KB`,
  );
// The public pages' own stylesheet, inlined in the shell the Worker renders them into (decision 240).
const publicShell = path.join(client, "public.html");
if (existsSync(publicShell)) {
  const publicCss = [...readFileSync(publicShell, "utf8").matchAll(/<style>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1])
    .join("");
  console.log(
    `  CSS ${"inlined in public.html (public pages)".padEnd(41)} ${(gzipSync(publicCss).length / 1024).toFixed(1).padStart(6)} KB`,
  );
}

const admin = scripts.filter((f) => /admin/i.test(f));
if (admin.length) console.log(`  ✗ admin code in the initial load: ${admin.join(", ")}`);
let failed = admin.length > 0;

process.chdir(root);
ensureDevVars();
const persistDir = mkdtempSync(path.join(tmpdir(), "earthkind-bundle-"));
let server;
try {
  run("npx", ["node", "scripts/seed-local.mjs", "--persist-to", persistDir], { stdio: "ignore" });
  const port = await freePort();
  server = await startDev({ persistDir, port, vars: { SITE_URL: `http://localhost:${port}` } });
  // The home page in each language: a page ships only its own language's messages (issue 46).
  for (const [path, complete] of [
    ["/", "Mark as Complete"],
    ["/es/", "Marcar como completada"],
  ]) {
    const { idle: fetched, used } = await pageJs(server.url, path, client, (page) =>
      page.getByRole("button", { name: complete }).first().click(),
    );
    const idle = fetched.reduce((sum, f) => sum + f.kb, 0);
    console.log(`\nJS fetched by ${path} until the network is idle (gzip):`);
    for (const f of fetched) console.log(`  ${f.file.padEnd(45)} ${f.kb.toFixed(1).padStart(6)} KB`);
    console.log(
      `  ${"total".padEnd(45)} ${idle.toFixed(1).padStart(6)} KB   (budget ${IDLE_BUDGET_KB} KB), ${fetched.length} files`,
    );
    if (idle > IDLE_BUDGET_KB) failed = true;
    const onUse = used.reduce((sum, f) => sum + f.kb, 0);
    console.log(
      `\nJS fetched by the first use of ${path} ("${complete}"): ${onUse.toFixed(1)} KB, ${used.length} files`,
    );
  }
} finally {
  server?.stop();
  rmSync(persistDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
